import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalog.ts';

/** A schema's message (a key, decision 027) in Japanese, as the server answers by default. */
const jaText = (text: string) => translate(text, 'ja');
import type { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { ja } from '../i18n/index.ts';
import {
  arrayOf,
  dateField,
  directionSchema,
  errorBodySchema,
  hasControlCharacters,
  idParamSchema,
  intField,
  pageQuerySchema,
  paginate,
  paginateCapped,
  textString,
} from './common.ts';
import { nameField } from './users.ts';

/** The messages of a failed parse (the test fails if the parse succeeds). */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  expect(result.success, `expected ${JSON.stringify(value)} to be rejected`).toBe(false);
  return result.error?.issues.map((issue) => jaText(issue.message)) ?? [];
}

describe('intField', () => {
  const page = intField('ページ', { min: 1, max: 10 });

  it.each([
    ['1', 1],
    ['10', 10],
    [' 7 ', 7],
    [5, 5],
  ] as const)('reads %j as %i', (input, output) => {
    expect(page.parse(input)).toBe(output);
  });

  it('names the field when the value is not a number', () => {
    expect(messages(page, 'abc')).toEqual(['ページは数値で指定してください']);
    expect(messages(page, 'Infinity')).toEqual(['ページは数値で指定してください']);
  });

  it('names the field when the value is not a whole number', () => {
    expect(messages(page, '1.5')).toEqual(['ページは整数で指定してください']);
  });

  it('names the field and the bound when the value is too small', () => {
    expect(messages(page, '0')).toEqual(['ページは1以上で指定してください']);
    expect(messages(page, '-3')).toEqual(['ページは1以上で指定してください']);
  });

  it('names the field and the bound when the value is too large', () => {
    expect(messages(page, '11')).toEqual(['ページは10以下で指定してください']);
  });

  it('without bounds takes any integer', () => {
    const any = intField('ID');
    expect(any.parse('-5')).toBe(-5);
    expect(any.parse('123456789')).toBe(123456789);
    expect(messages(any, 'x')).toEqual(['IDは数値で指定してください']);
  });

  it('with only a max bound takes small values', () => {
    const capped = intField('件数', { max: 3 });
    expect(capped.parse('-1')).toBe(-1);
    expect(messages(capped, '4')).toEqual(['件数は3以下で指定してください']);
  });
});

describe('arrayOf', () => {
  const areas = arrayOf(intField('都道府県', { min: 1, max: 47 }));

  it('reads a single value as a one-item array', () => {
    expect(areas.parse('13')).toEqual([13]);
  });

  it('keeps repeated values in order', () => {
    expect(areas.parse(['1', '47', '13'])).toEqual([1, 47, 13]);
  });

  it('keeps an empty array', () => {
    expect(areas.parse([])).toEqual([]);
  });

  it('leaves an absent value absent when optional', () => {
    expect(areas.optional().parse(undefined)).toBeUndefined();
  });

  it('rejects an absent value when required', () => {
    expect(areas.safeParse(undefined).success).toBe(false);
  });

  it('checks every item and points at the bad one', () => {
    const result = areas.safeParse(['1', '48']);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.path).toEqual([1]);
    expect(jaText(result.error?.issues[0]?.message ?? '')).toBe('都道府県は47以下で指定してください');
  });
});

describe('dateField', () => {
  const eventDate = dateField('開催日');
  const invalid = '開催日の日付の形式が正しくありません（YYYY-MM-DD）';

  it.each([
    ['2026-11-22', '2026-11-22'],
    ['2026-11-22 00:00:00', '2026-11-22'],
    ['2026-11-22T10:00', '2026-11-22'],
    ['2026-11-22T10:00:30', '2026-11-22'],
    ['  2026-01-02  ', '2026-01-02'],
  ])('reads %j as %s', (input, output) => {
    expect(eventDate.parse(input)).toBe(output);
  });

  it.each(['2026/11/22', '22-11-2026', '2026-1-2', 'tomorrow', '2026-11-22x', '2026-11-22 10'])(
    'rejects %j with a message naming the field',
    (input) => {
      expect(messages(eventDate, input)).toContain(invalid);
    },
  );

  it('rejects a month or day that does not exist', () => {
    expect(messages(eventDate, '2026-13-01')).toContain(invalid);
    expect(messages(eventDate, '2026-11-45')).toContain(invalid);
    // Days that Date.parse would roll over into the next month.
    expect(messages(eventDate, '2026-02-30')).toEqual([invalid]);
    expect(messages(eventDate, '2026-04-31')).toEqual([invalid]);
    expect(eventDate.parse('2028-02-29')).toBe('2028-02-29');
  });

  it('gives its message once for a value without hyphens', () => {
    expect(messages(eventDate, '20261122')).toEqual([invalid]);
  });

  it('rejects a value that is not text', () => {
    expect(eventDate.safeParse(20261122).success).toBe(false);
  });
});

describe('pageQuerySchema', () => {
  it('defaults to the first page of the default size', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: LIMITS.defaultPageSize });
  });

  it('takes a limit up to the largest page size', () => {
    expect(pageQuerySchema.parse({ limit: String(LIMITS.maxPageSize) }).limit).toBe(999);
    const result = pageQuerySchema.safeParse({ limit: '1000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['limit']);
    expect(jaText(result.error?.issues[0]?.message ?? '')).toBe('件数は999以下で指定してください');
  });

  it('rejects page 0 naming the page', () => {
    const result = pageQuerySchema.safeParse({ page: '0' });
    expect(result.error?.issues.map((i) => [i.path, jaText(i.message)])).toEqual([
      [['page'], 'ページは1以上で指定してください'],
    ]);
  });
});

describe('idParamSchema', () => {
  it('reads a positive id', () => {
    expect(idParamSchema.parse({ id: '42' })).toEqual({ id: 42 });
  });

  it.each([
    ['abc', 'IDは数値で指定してください'],
    ['0', 'IDは1以上で指定してください'],
    ['2147483648', 'IDは2147483647以下で指定してください'],
  ])('rejects %j', (id, message) => {
    expect(messages(idParamSchema, { id })).toEqual([message]);
  });
});

describe('directionSchema', () => {
  it('takes asc and desc', () => {
    expect(directionSchema.parse('asc')).toBe('asc');
    expect(directionSchema.parse('desc')).toBe('desc');
  });

  it('rejects anything else naming the field', () => {
    expect(messages(directionSchema, 'up')).toEqual([`${ja.fields.direction}の値が正しくありません`]);
  });
});

describe('paginate', () => {
  it.each([
    [1, 20, 0, 1],
    [1, 20, 1, 1],
    [1, 20, 20, 1],
    [1, 20, 21, 2],
    [3, 10, 95, 10],
    [1, 50, 47, 1],
    [2, 5, 47, 10],
  ])('page %i, limit %i, total %i → %i pages', (page, limit, total, pages) => {
    expect(paginate(page, limit, total)).toEqual({ page, limit, total, pages });
  });
});

describe('paginateCapped', () => {
  it.each([
    // [page, limit, counted, count limit, expected]
    [1, 10, 0, 1001, { total: 0, pages: 1 }],
    [1, 10, 37, 1001, { total: 37, pages: 4 }],
    [1, 10, 1000, 1001, { total: 1000, pages: 100 }],
    [1, 10, 1001, 1001, { total: 1000, pages: 101, total_capped: true }],
    [100, 10, 1001, 1001, { total: 1000, pages: 101, total_capped: true }],
    [101, 10, 1011, 1011, { total: 1010, pages: 102, total_capped: true }],
    [101, 10, 1004, 1011, { total: 1004, pages: 101 }],
    [1, 7, 1001, 1001, { total: 1000, pages: 143, total_capped: true }],
  ] as const)('page %i, limit %i, %i counted of at most %i', (page, limit, count, countLimit, expected) => {
    expect(paginateCapped(page, limit, { count, countLimit })).toEqual({ page, limit, ...expected });
  });
});

describe('errorBodySchema', () => {
  it('accepts the API error shape', () => {
    const body = {
      meta: { message: '入力内容に誤りがあります。', code: 'VALIDATION_ERROR' },
      errors: { limit: ['x'] },
    };
    expect(errorBodySchema.parse(body)).toEqual(body);
  });

  it('rejects field errors that are not arrays of text', () => {
    expect(
      errorBodySchema.safeParse({ meta: { message: 'm', code: 'c' }, errors: { limit: 'x' } }).success,
    ).toBe(false);
  });
});

describe('control characters (issue 12: PostgreSQL refuses NUL, and no one types the others)', () => {
  it.each([
    ['a\u0000b', true, true],
    ['\u0000', true, true],
    ['\u0007bell', true, true],
    ['esc\u001b[0m', true, true],
    ['del\u007f', true, true],
    ['tab\there', true, false],
    ['two\nlines', true, false],
    ['crlf\r\n', true, false],
    ['受講者 山田', false, false],
    ['', false, false],
    ['\u00a0 no-break space and \u3000 ideographic space', false, false],
  ] as const)('%j: single line %s, multi-line %s', (value, single, multi) => {
    expect(hasControlCharacters(value)).toBe(single);
    expect(hasControlCharacters(value, { multiline: true })).toBe(multi);
  });

  it('textString refuses them with a Japanese message naming the field', () => {
    expect(messages(textString('お名前'), '山田\u0000花子')).toEqual([
      'お名前に使用できない文字（制御文字）が含まれています',
    ]);
    expect(messages(textString(), 'x\u0001')).toEqual(['使用できない文字（制御文字）が含まれています']);
    expect(messages(textString('本文'), 'a\nb')).toEqual([
      '本文に使用できない文字（制御文字）が含まれています',
    ]);
  });

  it('textString keeps line breaks in multi-line text and chains like z.string()', () => {
    const body = textString('本文', { multiline: true }).trim().min(1).max(10);
    expect(body.parse(' a\nb\tc ')).toBe('a\nb\tc');
    expect(messages(body, 'a\u0000')).toEqual(['本文に使用できない文字（制御文字）が含まれています']);
    expect(body.safeParse(' '.repeat(3)).success).toBe(false);
  });

  it("the account forms' text fields (textField) refuse them before any other rule", () => {
    expect(messages(nameField('姓'), '山\u0000田')).toEqual([
      '姓に使用できない文字（制御文字）が含まれています',
    ]);
    expect(messages(nameField('姓'), '山\t田')).toEqual(['姓に使用できない文字（制御文字）が含まれています']);
    expect(nameField('姓').parse(' 山田 ')).toBe('山田');
  });
});
