import { describe, expect, it } from 'vitest';
import { attributeChoices, productIssues, type ProductDraft } from './shop-product.ts';

const base: ProductDraft = { attributes: [], course_ids: [], allow_buy_with_course: false };
const select = (attribute: string, value: string) => ({ attribute, type: 'select' as const, value });
const text = (attribute: string) => ({ attribute, type: 'text' as const, value: '' });

describe('productIssues', () => {
  it.each<[string, Partial<ProductDraft>, Array<[string, string]>]>([
    ['a plain product', {}, []],
    ['a choice attribute with choices', { attributes: [select('サイズ', 'S, M, L')] }, []],
    ['a free-text attribute without choices', { attributes: [text('お名前')] }, []],
    [
      'a choice attribute without choices',
      { attributes: [text('お名前'), select('サイズ', ' , ')] },
      [['attributes.1.value', 'selectNeedsValues']],
    ],
    [
      'two attributes of the same name (case and spaces aside)',
      { attributes: [select('Size', 'S'), select(' size ', 'M')] },
      [['attributes.1.attribute', 'duplicateAttribute']],
    ],
    ['course attendees only, with a course', { allow_buy_with_course: true, course_ids: [3] }, []],
    [
      'course attendees only, without a course',
      { allow_buy_with_course: true },
      [['course_ids', 'courseOnlyNeedsCourses']],
    ],
    ['courses without the rule', { course_ids: [3] }, [['course_ids', 'coursesWithoutRule']]],
    [
      'the same course twice',
      { allow_buy_with_course: true, course_ids: [3, 3] },
      [['course_ids', 'duplicateCourse']],
    ],
  ])('%s', (_name, draft, expected) => {
    expect(productIssues({ ...base, ...draft }).map((i) => [i.field, i.code])).toEqual(expected);
  });
});

describe('attributeChoices', () => {
  it.each([
    ['S,M,L', ['S', 'M', 'L']],
    [' 赤 、 青，緑 ', ['赤', '青', '緑']],
    [',,', []],
    ['', []],
  ])('%j → %j', (value, choices) => {
    expect(attributeChoices(value)).toEqual(choices);
  });
});
