/**
 * Response serialisation (issue 20, "the search under load"). fastify-type-provider-zod's serializer runs
 * zod's safeEncode over every answer and then JSON.stringify: for the session search that was 17 % of the
 * server's time. Here each route's response schema is turned ONCE into a fast-json-stringify function
 * (z.toJSONSchema, io 'output'), which writes only the declared properties: a presenter's extra field
 * never reaches the client, as with zod's strip.
 *
 * A schema whose wire form zod's encode would change (pipes and codecs, transforms, defaults, catch,
 * dates, custom checks) or that cannot be converted keeps the zod serializer. When the fast function
 * throws on a value (a required field missing, no union branch matches), the zod serializer answers, so
 * the error is the same ResponseSerializationError as before.
 *
 * With `verify` (config env 'test', every API test run) both paths run and their JSON must be equal
 * (parsed, deep): the whole API suite proves the fast path writes what the checked one writes, and a
 * value zod refuses still fails the test.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** zod types whose encoded (wire) value may differ from the value given, or that JSON Schema cannot hold. */
const ZOD_ONLY = new Set([
  'pipe',
  'transform',
  'default',
  'prefault',
  'catch',
  'custom',
  'date',
  'promise',
  'function',
  'map',
  'set',
  'bigint',
  'symbol',
  'undefined',
  'void',
  'nan',
]);

type JsonSchema = Record<string, unknown>;

/**
 * Drops `additionalProperties: false`: fast-json-stringify writes only the declared properties either
 * way, but it picks a union's branch by validating the value against it, and a presenter's extra key
 * would then match no branch. Also drops `$schema`, which its validator does not need.
 */
function forSerializer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === '$schema') continue;
    if (key === 'additionalProperties' && value === false) continue;
    // `properties`, `definitions` and `$defs` hold names, not keywords: keep every name, convert values.
    if (
      (key === 'properties' || key === 'definitions' || key === '$defs') &&
      value &&
      typeof value === 'object'
    ) {
      out[key] = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([k, v]) => [k, forSerializer(v)]),
      );
      continue;
    }
    out[key] = forSerializer(value);
  }
  return out;
}

type Serialize = (data: unknown) => string;

/** Compiled once per schema object: every route shares the error body's schema, for instance. */
const compiled = new WeakMap<z.ZodType, Serialize | null>();

/** The fast function for a zod schema, or undefined when only zod can write it. */
export function fastSerializer(schema: z.ZodType): Serialize | undefined {
  let fn = compiled.get(schema);
  if (fn === undefined) {
    fn = compile(schema) ?? null;
    compiled.set(schema, fn);
  }
  return fn ?? undefined;
}

function compile(schema: z.ZodType): Serialize | undefined {
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-07',
      unrepresentable: 'throw',
      override: (ctx) => {
        const type = (ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def.type;
        if (ZOD_ONLY.has(type)) throw new Error(`zod only: ${type}`);
      },
    });
    return fastJson(forSerializer(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

export type SerializerOptions = {
  /** false: the zod serializer alone (RESPONSE_SERIALIZER=zod, to measure the difference). */
  fast: boolean;
  /** Run the zod serializer too and throw when the two answers differ (tests). */
  verify: boolean;
};

export function createSerializerCompiler(options: SerializerOptions): FastifySerializerCompiler<unknown> {
  return (route) => {
    const checked = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const fast = options.fast && route.schema instanceof z.ZodType ? fastSerializer(route.schema) : undefined;
    if (!fast) return checked;
    if (!options.verify) {
      return (data) => {
        try {
          return fast(data);
        } catch {
          return checked(data);
        }
      };
    }
    return (data) => {
      const expected = checked(data);
      let actual: string;
      try {
        actual = fast(data);
      } catch (error) {
        throw new Error(
          `fast serializer failed where zod succeeded on ${route.method} ${route.url} ${route.httpStatus}: ${(error as Error).message}`,
        );
      }
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `fast serializer differs from zod on ${route.method} ${route.url} ${route.httpStatus}:\nfast ${actual}\nzod  ${expected}`,
        );
      }
      return actual;
    };
  };
}
