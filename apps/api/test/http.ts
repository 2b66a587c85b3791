import { type ErrorBody, errorBodySchema } from '@mels/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { App } from '../src/app.ts';

export type Response = LightMyRequestResponse;

/** A GET through app.inject(). */
export function get(
  app: App,
  url: string,
  options: Omit<InjectOptions, 'method' | 'url'> = {},
): Promise<Response> {
  return app.inject({ ...options, method: 'GET', url });
}

/** Asserts the status and parses the JSON body with a schema of the domain package (the contract). */
export function expectBody<T extends z.ZodType>(response: Response, status: number, schema: T): z.infer<T> {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const parsed = schema.safeParse(response.json());
  expect(parsed.error?.issues ?? [], 'the body matches its schema').toEqual([]);
  return parsed.data as z.infer<T>;
}

const japanese = /[\u3040-\u30ff\u3400-\u9fff]/;
const leakPatterns: readonly RegExp[] = [
  /\bstack\b/i,
  /\bat .+:\d+:\d+/,
  /node_modules/,
  /\.ts:\d+/,
  /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set)\b/i,
  /\bwhere\b.*=/i,
  /\bsyntax error\b/i,
  /\bdrizzle\b/i,
  /\bpglite\b/i,
  /\brelation "/i,
  /\bZodError\b/,
  /\bFST_/,
];

/** Asserts an error body names no stack, SQL or internal error code (they belong in the log). */
export function expectNoLeak(response: Response): void {
  const text = response.body;
  for (const pattern of leakPatterns)
    expect(text, `error body matches ${String(pattern)}`).not.toMatch(pattern);
  const body: unknown = response.json();
  expect(body).not.toHaveProperty('stack');
  expect(body).not.toHaveProperty('meta.stack');
}

/** Asserts the API's error envelope with a Japanese message and the given status and code. */
export function expectError(response: Response, status: number, code: string): ErrorBody {
  const body = expectBody(response, status, errorBodySchema);
  expect(Object.keys(body).sort()).toEqual(['errors', 'meta']);
  expect(Object.keys(body.meta).sort()).toEqual(['code', 'message']);
  expect(body.meta.code).toBe(code);
  expect(body.meta.message).toMatch(japanese);
  expectNoLeak(response);
  return body;
}

/** Asserts a 404 NOT_FOUND with no field errors. */
export function expectNotFound(response: Response): ErrorBody {
  const body = expectError(response, 404, 'NOT_FOUND');
  expect(body.errors).toEqual({});
  return body;
}

/**
 * Asserts a 400 VALIDATION_ERROR whose errors name exactly the given fields, each with Japanese
 * messages; returns the messages of each field.
 */
export function expectValidationError(
  response: Response,
  fields: readonly string[],
): Record<string, string[]> {
  const body = expectError(response, 400, 'VALIDATION_ERROR');
  expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
  for (const field of fields) {
    const messages = body.errors[field] ?? [];
    expect(messages.length, `messages of ${field}`).toBeGreaterThan(0);
    for (const message of messages) expect(message).toMatch(japanese);
  }
  return body.errors;
}
