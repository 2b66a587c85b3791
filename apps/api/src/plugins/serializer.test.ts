import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, fastSerializer } from './serializer.ts';

const card = z.object({
  id: z.number().int(),
  title: z.string(),
  note: z.string().nullable(),
  place: z.object({ name: z.string() }).nullable(),
  price: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('free') }),
    z.object({ kind: z.literal('paid'), yen: z.number().int() }),
  ]),
  tags: z.array(z.object({ id: z.number().int(), label: z.string() })),
});
const answer = z.object({ data: z.array(card) });

/** What a presenter might hand over: every level carries a key the contract does not declare. */
const withExtras = {
  data: [
    {
      id: 1,
      title: '基礎講習',
      note: null,
      passwordHash: 'scrypt$SECRET',
      place: { name: '東京', internalMemo: 'SECRET' },
      price: { kind: 'paid', yen: 3000, stripePriceId: 'SECRET' },
      tags: [{ id: 2, label: 'BLS', createdBy: 'SECRET' }],
    },
    {
      id: 2,
      title: '指導者講習',
      note: 'メモ',
      place: null,
      price: { kind: 'free', couponCode: 'SECRET' },
      tags: [],
    },
  ],
};
const declaredOnly = {
  data: [
    {
      id: 1,
      title: '基礎講習',
      note: null,
      place: { name: '東京' },
      price: { kind: 'paid', yen: 3000 },
      tags: [{ id: 2, label: 'BLS' }],
    },
    { id: 2, title: '指導者講習', note: 'メモ', place: null, price: { kind: 'free' }, tags: [] },
  ],
};

async function appWith(options: { fast: boolean; verify: boolean }, schema: z.ZodType, data: unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler(options));
  app.get('/thing', { schema: { response: { 200: schema } } }, async () => data as never);
  await app.ready();
  return app;
}

describe('the response serializer', () => {
  it('builds a fast function for a plain contract schema, none for one only zod can write', () => {
    expect(fastSerializer(answer)).toBeTypeOf('function');
    expect(fastSerializer(z.object({ at: z.date() }))).toBeUndefined();
    expect(fastSerializer(z.object({ n: z.string().transform(Number) }))).toBeUndefined();
    expect(fastSerializer(z.object({ n: z.string().default('x') }))).toBeUndefined();
    const codec = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    expect(fastSerializer(z.object({ at: codec }))).toBeUndefined();
  });

  for (const mode of [
    { fast: true, verify: false },
    { fast: true, verify: true },
    { fast: false, verify: false },
  ]) {
    it(`drops keys the schema does not declare, at every level (${JSON.stringify(mode)})`, async () => {
      const app = await appWith(mode, answer, withExtras);
      const response = await app.inject({ method: 'GET', url: '/thing' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('SECRET');
      expect(response.json()).toEqual(declaredOnly);
      await app.close();
    });
  }

  it('writes a codec the way zod encodes it (the zod path answers)', async () => {
    const schema = z.object({
      data: z.object({
        at: z.codec(z.iso.datetime(), z.date(), {
          decode: (text) => new Date(text),
          encode: (date) => date.toISOString(),
        }),
      }),
    });
    const app = await appWith({ fast: true, verify: true }, schema, {
      data: { at: new Date('2026-11-24T00:00:00.000Z') },
    });
    const response = await app.inject({ method: 'GET', url: '/thing' });
    expect(response.json()).toEqual({ data: { at: '2026-11-24T00:00:00.000Z' } });
    await app.close();
  });

  it('refuses an answer that breaks its schema, as zod does, instead of writing it', async () => {
    const broken = { data: [{ ...declaredOnly.data[1], title: undefined }] };
    for (const mode of [
      { fast: true, verify: false },
      { fast: true, verify: true },
    ]) {
      const app = await appWith(mode, answer, broken);
      const response = await app.inject({ method: 'GET', url: '/thing' });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('指導者講習');
      await app.close();
    }
  });
});
