import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, drivers, type TestContext } from '../../../test/context.ts';
import { get } from '../../../test/http.ts';

/** The part of the document read here: one property's JSON schema. */
const propertySchema = z.looseObject({ description: z.string(), enum: z.array(z.number()) });

function bodyProperty(doc: unknown, path: string, property: string) {
  const operation = z
    .looseObject({
      post: z.looseObject({
        requestBody: z.looseObject({
          content: z.looseObject({
            'application/json': z.looseObject({
              schema: z.looseObject({ properties: z.record(z.string(), z.unknown()) }),
            }),
          }),
        }),
      }),
    })
    .parse(z.looseObject({ paths: z.record(z.string(), z.unknown()) }).parse(doc).paths[path]);
  return propertySchema.parse(
    operation.post.requestBody.content['application/json'].schema.properties[property],
  );
}

describe.each(drivers())('OpenAPI: payment object types (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(driver);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('names object types 1 (course registration) and 2 (session fee) on check-payment', async () => {
    const doc: unknown = (await get(ctx.app, '/api/openapi.json')).json();
    const objectType = bodyProperty(doc, '/api/v1/trainings/{id}/enrollments/check-payment', 'object_type');
    expect(objectType.enum).toEqual(expect.arrayContaining([1, 2]));
    expect(objectType.description).toContain('1 course registration fee');
    expect(objectType.description).toContain('2 session fee');
  });
});
