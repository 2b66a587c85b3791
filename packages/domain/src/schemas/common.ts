import './zod-messages.ts';
import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { message, ref } from '../i18n/message.ts';

/**
 * Schemas name fields and messages by KEY (decision 027): `label` is the key of the field's name
 * ('fields.userType'), and every message is a key with its parameters (i18n/message.ts), resolved in the
 * reader's language by the server's error handler or the browser's form.
 */

/** An integer taken from a query string or path, with messages naming the field (`label` is its key). */
export function intField(label: string, opts: { min?: number; max?: number } = {}) {
  const l = ref(label);
  let schema = z.coerce
    .number({ error: message('validation.invalidNumber', l) })
    .int({ error: message('validation.integer', l) });
  if (opts.min !== undefined)
    schema = schema.min(opts.min, { error: message('validation.min', l, opts.min) });
  if (opts.max !== undefined)
    schema = schema.max(opts.max, { error: message('validation.max', l, opts.max) });
  return schema;
}

/** A value given once or repeated (`area[]=1&area[]=2`), always read as an array. */
export function arrayOf<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
    z.array(item),
  );
}

/**
 * Control characters no text of the portal holds: the C0 range and DEL. PostgreSQL cannot store NUL at
 * all, and the others are never typed. Multi-line text keeps tab, line feed and carriage return.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_SINGLE_LINE = /[\u0000-\u001f\u007f]/;

/** True when the text holds a control character (tab and line breaks are allowed when `multiline`). */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_CHARACTERS_MULTI_LINE : CONTROL_CHARACTERS_SINGLE_LINE).test(value);
}

/** The message for a text with a control character; names the field (its key) when the label is known. */
export function controlCharacterMessage(label?: string): string {
  return label ? message('validation.controlCharacters', ref(label)) : 'validation.controlCharactersAny';
}

/**
 * The shared string of every text a member or the office types: a string without control characters
 * (single line unless `multiline`). Chain .trim(), .min(), .max(), .regex() on it as on z.string().
 */
export function textString(label?: string, options: { multiline?: boolean; error?: string } = {}) {
  const multiline = options.multiline ?? false;
  return z
    .string(options.error ? { error: options.error } : undefined)
    .refine((value) => !hasControlCharacters(value, { multiline }), {
      error: controlCharacterMessage(label),
      abort: true,
    });
}

export const idParamSchema = z.object({ id: intField('fields.id', { min: 1, max: 2147483647 }) });
export type IdParam = z.infer<typeof idParamSchema>;

export const pageQuerySchema = z.object({
  page: intField('fields.page', { min: 1, max: 100000 }).default(1),
  limit: intField('fields.limit', { min: 1, max: LIMITS.maxPageSize }).default(LIMITS.defaultPageSize),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const directionSchema = z.enum(['asc', 'desc'], {
  error: message('validation.invalidValue', ref('fields.direction')),
});

export const paginationSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  /**
   * Present (true) only when the count stopped at a cap (the session search, decision 045): more than
   * `total` items match, and `pages` counts at least one page past `page`. Absent: both are exact.
   */
  total_capped: z.literal(true).optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}

export const errorBodySchema = z.object({
  meta: z.object({ message: z.string(), code: z.string() }),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function paginate(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) };
}

/**
 * The pagination of a count that stopped at `countLimit` rows (see searchCountLimit). Below the limit
 * the count is exact (as paginate). At it, more than `countLimit - 1` items match: `total` says that
 * many with `total_capped`, and `pages` counts the pages of `countLimit` items, so a client that
 * fetches while `page < pages` goes on past the cap.
 */
export function paginateCapped(
  page: number,
  limit: number,
  counted: { count: number; countLimit: number },
): Pagination {
  if (counted.count < counted.countLimit) return paginate(page, limit, counted.count);
  const total = counted.countLimit - 1;
  return { page, limit, total, pages: Math.ceil(counted.countLimit / limit), total_capped: true };
}

/** A calendar date written YYYY-MM-DD (optionally followed by a time, as the spec sends ' 00:00:00'). */
export function dateField(label: string) {
  return (
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/, {
        error: message('validation.invalidDate', ref(label)),
        abort: true,
      })
      // A real calendar day: Date.parse would roll 2026-02-30 over to March.
      .refine(
        (s) => {
          const day = s.slice(0, 10);
          const parsed = new Date(`${day}T00:00:00Z`);
          return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
        },
        { error: message('validation.invalidDate', ref(label)), abort: true },
      )
      .transform((s) => s.slice(0, 10))
  );
}
