import { Checkbox, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { LEARNING_LIMITS, QUIZ_INPUT_TYPE, type SurveyQuestionKind } from '@mels/domain';
import { useId, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n.tsx';

/**
 * How a test question and a survey question look to a member (the session's test and survey pages).
 * The member's test page answers through QuizQuestionInput; the office's editors show the same input,
 * read-only, as the member's view.
 */
export type QuizChoiceView = { key: string | number; value: string; label: string };

/** A test question's input: radios (single), checkboxes (multiple) or a text area (free text). */
export function QuizQuestionInput({
  title,
  description,
  inputType,
  choices,
  value,
  onChange,
  disabled = false,
  readOnly = false,
  error,
  mark,
}: {
  title: string;
  description: string;
  inputType: number;
  choices: readonly QuizChoiceView[];
  value: readonly string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
  error?: string | null | undefined;
  /** What follows a choice's label (the correct/chosen marks of an answered question). */
  mark?: (choice: QuizChoiceView) => ReactNode;
}) {
  const { t, f } = useI18n();
  const p = t.learning.pages.quiz;
  if (inputType === QUIZ_INPUT_TYPE.text) {
    const text = value[0] ?? '';
    return (
      <Stack gap={4}>
        <Text fw={700} data-user-content>
          {title}
        </Text>
        {description ? (
          <Text size="sm" c="dimmed" data-user-content>
            {description}
          </Text>
        ) : null}
        <Textarea
          label={p.textLabel}
          value={text}
          onChange={(e) => onChange?.([e.currentTarget.value])}
          autosize
          minRows={4}
          disabled={disabled}
          readOnly={readOnly}
          error={error}
          required
          description={f(p.charCount, text.trim().length, LEARNING_LIMITS.freeTextMax)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </Stack>
    );
  }
  const label = (
    <Text fw={700} span data-user-content>
      {title}
    </Text>
  );
  const hint = description || (inputType === QUIZ_INPUT_TYPE.multiple ? p.multipleHint : p.singleHint);
  const labelOf = (m: QuizChoiceView) => (
    <>
      <span data-user-content>{m.label}</span>
      {mark?.(m)}
    </>
  );
  if (inputType === QUIZ_INPUT_TYPE.multiple)
    return (
      <Checkbox.Group
        label={label}
        description={<span data-user-content>{hint}</span>}
        value={[...value]}
        onChange={(v) => onChange?.(v)}
        error={error}
        readOnly={readOnly}
        required
      >
        <Stack gap="sm" mt="sm" mb={6}>
          {choices.map((m, i) => (
            <Checkbox key={m.key} value={m.value || `#${i}`} disabled={disabled} label={labelOf(m)} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  return (
    <Radio.Group
      label={label}
      description={<span data-user-content>{hint}</span>}
      value={value[0] ?? null}
      onChange={(v) => onChange?.([v])}
      error={error}
      readOnly={readOnly}
      required
    >
      <Stack gap="sm" mt="sm" mb={6}>
        {choices.map((m, i) => (
          <Radio key={m.key} value={m.value || `#${i}`} disabled={disabled} label={labelOf(m)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The office's view of a question as the member will meet it (read-only, numbered). */
export function QuizQuestionPreview({
  index,
  title,
  description,
  inputType,
  choices,
}: {
  index: number;
  title: string;
  description: string;
  inputType: number;
  choices: ReadonlyArray<{ key?: string; value: string; label: string }>;
}) {
  return (
    <QuizQuestionInput
      title={`${index}. ${title}`}
      description={description}
      inputType={inputType}
      choices={choices.map((c, i) => ({ key: c.key ?? i, value: c.value, label: c.label }))}
      value={[]}
      readOnly
    />
  );
}

export function SurveyQuestionPreview({
  label,
  unit,
  kind,
  required,
  options,
}: {
  label: string;
  unit: string | null;
  kind: SurveyQuestionKind;
  required: boolean;
  options: readonly string[];
}) {
  const { t, f } = useI18n();
  const id = useId();
  const title = <span data-user-content>{label}</span>;
  if (kind === 'text') {
    if (unit)
      return (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            id={id}
            label={title}
            required={required}
            readOnly
            maw={240}
            style={{ flex: '1 1 auto' }}
          />
          <Text pb={6} data-user-content>
            {unit}
          </Text>
        </Group>
      );
    return (
      <Textarea
        id={id}
        label={title}
        required={required}
        readOnly
        autosize
        minRows={3}
        description={f(t.learning.pages.quiz.charCount, 0, LEARNING_LIMITS.freeTextMax)}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
    );
  }
  return (
    <Radio.Group id={id} label={title} required readOnly>
      <Stack gap={8} mt={8} mb={6}>
        {options.map((o, i) => (
          <Radio key={`${o}-${i}`} value={o || `#${i}`} label={<span data-user-content>{o}</span>} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
