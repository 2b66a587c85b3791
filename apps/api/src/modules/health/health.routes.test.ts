import { errorBodySchema } from '@mels/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { expectBody, expectError, expectNotFound, get } from '../../../test/http.ts';

/** The parts of an OpenAPI 3.1 document this test reads; the rest is passed through. */
const operationSchema = z.looseObject({
  responses: z.record(
    z.string().regex(/^([1-5]\d\d|[1-5]XX|default)$/),
    z.looseObject({ description: z.string() }),
  ),
  parameters: z
    .array(
      z.looseObject({
        name: z.string().min(1),
        in: z.enum(['query', 'path', 'header', 'cookie']),
        required: z.boolean().optional(),
        schema: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
  tags: z.array(z.string()).optional(),
});
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const openApiSchema = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string().min(1), version: z.string().min(1) }),
  paths: z.record(z.string().startsWith('/'), z.record(z.string(), z.unknown())),
  components: z.looseObject({}).optional(),
});

describe.each(drivers())('health, OpenAPI and unknown paths (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('GET /healthz answers ok', async () => {
    const body = expectBody(await get(ctx.app, '/healthz'), 200, z.strictObject({ status: z.literal('ok') }));
    expect(body.status).toBe('ok');
  });

  it('GET /readyz answers ready with the driver in use', async () => {
    const body = expectBody(
      await get(ctx.app, '/readyz'),
      200,
      z.strictObject({ status: z.literal('ready'), driver: z.string() }),
    );
    expect(body.driver).toBe(driver);
  });

  it('GET /readyz answers 503 when the database does not answer', async () => {
    const handle = ctx.deps.dbHandle;
    const ping = handle.ping;
    handle.ping = async () => false;
    try {
      const response = await get(ctx.app, '/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
    } finally {
      handle.ping = ping;
    }
  });

  describe('GET /api/openapi.json', () => {
    const expectedPaths = [
      '/api/v1/areas',
      '/api/v1/user_types',
      '/api/v1/courses',
      '/api/v1/courses/{id}',
      '/api/v1/news',
      '/api/v1/news/{id}',
      '/api/v1/faqs',
      '/api/v1/abouts/types',
      '/api/v1/abouts/flows',
      '/api/v1/abouts/{id}',
      '/api/v1/seminar_info',
      '/healthz',
      '/readyz',
    ];

    it('is an OpenAPI 3.1 document listing every path', async () => {
      const doc = expectBody(await get(ctx.app, '/api/openapi.json'), 200, openApiSchema);
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info.title).toBe('MELS Portal API');
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(expectedPaths));
      expect(Object.keys(doc.paths)).not.toContain('/api/openapi.json');
      for (const path of expectedPaths) expect(doc.paths[path], path).toHaveProperty('get');
    });

    it('describes each operation with responses, and path parameters that match the path', async () => {
      const doc = expectBody(await get(ctx.app, '/api/openapi.json'), 200, openApiSchema);
      for (const [path, item] of Object.entries(doc.paths)) {
        const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        for (const method of methods) {
          if (!(method in item)) continue;
          const parsed = operationSchema.safeParse(item[method]);
          expect(parsed.error?.issues ?? [], `${method} ${path}`).toEqual([]);
          const operation = parsed.data;
          if (!operation) continue;
          expect(Object.keys(operation.responses).length, `${method} ${path} responses`).toBeGreaterThan(0);
          const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
          expect(pathParams.map((p) => p.name).sort(), `${method} ${path} path parameters`).toEqual(
            [...templated].sort(),
          );
          for (const p of pathParams) expect(p.required, `${method} ${path} ${p.name}`).toBe(true);
        }
      }
    });

    it('documents the query parameters and the error body of the list endpoints', async () => {
      const doc = expectBody(await get(ctx.app, '/api/openapi.json'), 200, openApiSchema);
      const news = operationSchema.parse(doc.paths['/api/v1/news']?.get);
      expect((news.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
        expect.arrayContaining(['page', 'limit', 'sort', 'direction']),
      );
      expect(Object.keys(news.responses)).toEqual(expect.arrayContaining(['200', '400']));
    });

    it('keeps every $ref pointing at something the document holds', async () => {
      const response = await get(ctx.app, '/api/openapi.json');
      const doc: unknown = response.json();
      const refs: string[] = [];
      const walk = (node: unknown) => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (node !== null && typeof node === 'object') {
          for (const [key, value] of Object.entries(node)) {
            if (key === '$ref' && typeof value === 'string') refs.push(value);
            else walk(value);
          }
        }
      };
      walk(doc);
      for (const ref of refs) {
        expect(ref, 'local reference').toMatch(/^#\//);
        const target = ref
          .slice(2)
          .split('/')
          .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
          .reduce<unknown>(
            (node, part) =>
              node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
            doc,
          );
        expect(target, ref).toBeDefined();
      }
    });

    it('serves the API docs page', async () => {
      const response = await get(ctx.app, '/api/docs');
      expect([200, 302]).toContain(response.statusCode);
    });
  });

  describe('unknown paths', () => {
    it.each(['/api/v1/xyz', '/api/v1/courses/1/unknown', '/api/v2/areas', '/nothing-here'])(
      'GET %s answers the JSON 404',
      async (url) => {
        const response = await get(ctx.app, url);
        const body = expectNotFound(response);
        expect(errorBodySchema.parse(body).meta.message).toMatch(/API/);
      },
    );

    it('POST to a read-only path answers a JSON error, not HTML', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/areas', payload: { a: 1 } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expectError(
        response,
        response.statusCode,
        response.statusCode === 404 ? 'NOT_FOUND' : 'METHOD_NOT_ALLOWED',
      );
    });

    it('a malformed query string does not crash the server', async () => {
      const response = await get(ctx.app, '/api/v1/areas?limit=%ZZ&page=%');
      expect(response.statusCode).toBeLessThan(500);
    });
  });
});
