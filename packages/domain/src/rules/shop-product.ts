/**
 * The office's product rules (decision 040): what a product must satisfy before it is saved, beyond
 * each field's own schema. Pure. Each issue names its field the way the API's body does
 * ('attributes.1.value') and its code, whose text is office.shop.rules.<code>. The server refuses a save
 * with any issue (400 with the field messages); the console shows the same beside the fields.
 */
export const PRODUCT_RULE_CODES = [
  'selectNeedsValues',
  'duplicateAttribute',
  'courseOnlyNeedsCourses',
  'coursesWithoutRule',
  'duplicateCourse',
] as const;
export type ProductRuleCode = (typeof PRODUCT_RULE_CODES)[number];

export type ProductIssue = { field: string; code: ProductRuleCode };

export const PRODUCT_ATTRIBUTE_TYPES = ['select', 'text'] as const;
export type ProductAttributeType = (typeof PRODUCT_ATTRIBUTE_TYPES)[number];

export type ProductDraft = {
  attributes: ReadonlyArray<{ attribute: string; type: ProductAttributeType; value: string }>;
  course_ids: readonly number[];
  allow_buy_with_course: boolean;
};

/** The choices of a select attribute, as the shop shows them: comma-separated, trimmed, no empty ones. */
export function attributeChoices(value: string): string[] {
  return value
    .split(/[,、，]/)
    .map((choice) => choice.trim())
    .filter((choice) => choice !== '');
}

export function productIssues(draft: ProductDraft): ProductIssue[] {
  const issues: ProductIssue[] = [];
  const seen = new Set<string>();
  draft.attributes.forEach((attribute, index) => {
    if (attribute.type === 'select' && attributeChoices(attribute.value).length === 0)
      issues.push({ field: `attributes.${index}.value`, code: 'selectNeedsValues' });
    const name = attribute.attribute.trim().toLowerCase();
    if (seen.has(name)) issues.push({ field: `attributes.${index}.attribute`, code: 'duplicateAttribute' });
    seen.add(name);
  });
  if (draft.allow_buy_with_course && draft.course_ids.length === 0)
    issues.push({ field: 'course_ids', code: 'courseOnlyNeedsCourses' });
  if (!draft.allow_buy_with_course && draft.course_ids.length > 0)
    issues.push({ field: 'course_ids', code: 'coursesWithoutRule' });
  if (new Set(draft.course_ids).size !== draft.course_ids.length)
    issues.push({ field: 'course_ids', code: 'duplicateCourse' });
  return issues;
}
