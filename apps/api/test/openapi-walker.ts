/**
 * Builds malformed requests for every operation of the OpenAPI document (test/malformed-input.test.ts):
 * a valid-looking value from each JSON schema, then variants that break one thing at a time.
 */
import { randomBytes } from 'node:crypto';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

export type Parameter = { name: string; in: 'query' | 'path' | 'header' | 'cookie'; schema?: JsonSchema };

export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation documents one. */
  jsonBody: JsonSchema | undefined;
  /** The content types the operation documents (application/json, multipart/form-data). */
  consumes: string[];
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

type OpenApiDoc = { paths: Record<string, Record<string, unknown>> };
type RawOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every operation of the document, with its parameters and JSON body schema. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const raw = item[method] as RawOperation | undefined;
      if (!raw) continue;
      const content = raw.requestBody?.content ?? {};
      out.push({
        method: method.toUpperCase(),
        path,
        parameters: raw.parameters ?? [],
        jsonBody: content['application/json']?.schema,
        consumes: Object.keys(content),
      });
    }
  }
  return out;
}

/** Values a field of this name usually holds (the patterns of the domain schemas accept them). */
const HINTS: Record<string, unknown> = {
  email: 'walker@example.jp',
  client_email: 'walker@example.jp',
  secretariat_email: 'walker@example.jp',
  password: 'Walker12',
  re_password: 'Walker12',
  secretariat_password: 'Walker12',
  phone: '03-1234-5678',
  secretariat_phone: '03-1234-5678',
  postal_code: '1000001',
  birthday: '19900131',
  last_name_kana: 'ヤマダ',
  first_name_kana: 'ハナコ',
  last_name_alpha: 'YAMADA',
  first_name_alpha: 'HANAKO',
  gender: '1',
  occupation: '2',
  area: '13',
  work_area: '13',
  privacy: true,
  agree: true,
  exp_month: 12,
  exp_year: 2030,
  number: '4242424242424242',
  cvc: '123',
};

/** Strings tried, in order, against a `pattern`. */
const PATTERN_CANDIDATES = [
  'abcdefgh12345678',
  '1000001',
  '2026-12-01',
  '19900131',
  '03-1234-5678',
  'ABCD1234',
  'a',
  '1',
  'abc.webp',
  `${'a'.repeat(32)}.webp`,
  'MELS-2026-000001',
];

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items || schema.prefixItems) return ['array'];
  return [];
}

function stringFor(schema: JsonSchema, name: string): string {
  const hint = HINTS[name];
  if (typeof hint === 'string') return hint;
  if (schema.format === 'email') return 'walker@example.jp';
  if (schema.format === 'date') return '2026-12-01';
  if (schema.format === 'date-time') return '2026-12-01T10:00:00Z';
  if (schema.format === 'uri') return 'https://example.jp/';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const fit = PATTERN_CANDIDATES.find((c) => pattern.test(c));
    if (fit) return fit;
  }
  const base = '受講テスト walker';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 1000;
  const text = base.length < min ? base.padEnd(min, 'x') : base;
  return text.slice(0, Math.max(max, 1));
}

function numberFor(schema: JsonSchema, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e9);
  const value = Math.min(Math.max(1, low), high);
  return integer ? Math.ceil(value) : value;
}

/** A valid-looking value for a schema (the field's name picks a hint where the schema cannot tell). */
export function sample(schema: JsonSchema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 8) return 'walker';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (name in HINTS) return HINTS[name];
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const nonNull = alternatives.find((s) => !types(s).includes('null') || types(s).length > 1);
    return sample(nonNull ?? alternatives[0], name, depth + 1);
  }
  if (schema.allOf?.[0]) return sample(schema.allOf[0], name, depth + 1);
  const kinds = types(schema).filter((t) => t !== 'null');
  const kind = kinds[0];
  switch (kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {}))
        out[key] = sample(prop, key, depth + 1);
      return out;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((s) => sample(s, name, depth + 1));
      const item = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => sample(item ?? { type: 'string' }, name, depth + 1));
    }
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return true;
    case 'string':
      return stringFor(schema, name);
    default:
      return 'walker';
  }
}

export type Leaf = { path: (string | number)[]; value: unknown };

/** Every leaf (and every object or array) of a value, with its path. */
export function leaves(value: unknown, path: (string | number)[] = []): Leaf[] {
  const out: Leaf[] = [];
  if (path.length > 0) out.push({ path, value });
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...leaves(v, [...path, i])));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...leaves(v, [...path, k]));
  }
  return out;
}

/** A copy of `value` with the value at `path` replaced. */
export function replaced(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaced(copy[head as number], rest, next);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  copy[head] = replaced(copy[head], rest, next);
  return copy;
}

/** A multipart/form-data body with the given text fields. */
export function multipart(
  fields: Record<string, string>,
  boundary = `----walker${randomBytes(8).toString('hex')}`,
) {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { boundary, payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`) };
}

/** The top-level fields of a body as multipart text values. */
export function asFormFields(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { value: String(body) };
  for (const [k, v] of Object.entries(body)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return out;
}

/** Values of another type than the leaf holds. */
export function wrongTypes(value: unknown): unknown[] {
  if (typeof value === 'string') return [12345, { nested: 'x' }, ['a'], true];
  if (typeof value === 'number') return ['数字ではない', { n: 1 }, [1], 1e308, -1.5];
  if (typeof value === 'boolean') return ['yes\u0000', { b: true }];
  if (Array.isArray(value)) return ['not-an-array', { 0: 'a' }, [null], [[[[[]]]]]];
  if (value !== null && typeof value === 'object') return ['not-an-object', [value], 7];
  return ['x', 1];
}

/** Path parameter values: valid-looking first, then NUL and garbage variants (already URL-encoded). */
export function pathParamValues(param: Parameter): { valid: string; bad: string[] } {
  const valid = encodeURIComponent(String(sample(param.schema, param.name)));
  return {
    valid,
    bad: [
      '%00',
      `${valid}%00`,
      `a%00b`,
      '%ZZ',
      '%C0%AF',
      '-1',
      '0',
      '1.5',
      '1e3',
      '99999999999999999999999',
      'abc',
      '%E5%8F%97%E8%AC%9B',
      '%0A%0D',
      '..%2F..%2Fetc%2Fpasswd',
      'x'.repeat(5000),
    ],
  };
}

/** Query parameter variants (already URL-encoded): NUL, garbage, repeated, long. */
export function queryVariants(param: Parameter): string[] {
  const name = encodeURIComponent(param.name);
  const valid = encodeURIComponent(String(sample(param.schema, param.name)));
  return [
    `${name}=%00`,
    `${name}=${valid}%00`,
    `${name}=%ZZ`,
    `${name}=${valid}&${name}=${valid}`,
    `${name}[]=${valid}`,
    `${name}=`,
    `${name}=abc`,
    `${name}=-1`,
    `${name}=99999999999999999999999`,
    `${name}=${'a'.repeat(100_000)}`,
  ];
}

/** Runs tasks with at most `limit` at a time. */
export async function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
