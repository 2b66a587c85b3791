import { Checkbox, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { LEARNING_LIMITS, QUIZ_INPUT_TYPE, type SurveyQuestionKind } from '@mels/domain';
import { useId } from 'react';
import { useI18n } from '../lib/i18n.tsx';

/**
 * How a test question and a survey question look to a member (the session's test and survey pages),
 * without answering: the office's editors show them as the member's view. Inputs are read-only.
 */
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
  choices: ReadonlyArray<{ value: string; label: string }>;
}) {
  const { t, f } = useI18n();
  const p = t.learning.pages.quiz;
  const label = (
    <Text fw={700} span data-user-content>
      {index}. {title}
    </Text>
  );
  if (inputType === QUIZ_INPUT_TYPE.text)
    return (
      <Stack gap={4}>
        {label}
        {description ? (
          <Text size="sm" c="dimmed" data-user-content>
            {description}
          </Text>
        ) : null}
        <Textarea
          label={p.textLabel}
          readOnly
          autosize
          minRows={3}
          description={f(p.charCount, 0, LEARNING_LIMITS.freeTextMax)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </Stack>
    );
  const hint = description || (inputType === QUIZ_INPUT_TYPE.multiple ? p.multipleHint : p.singleHint);
  const items = choices.map((m, i) => ({
    key: `${m.value}-${i}`,
    value: m.value || `#${i}`,
    label: <span data-user-content>{m.label}</span>,
  }));
  const note = <span data-user-content>{hint}</span>;
  if (inputType === QUIZ_INPUT_TYPE.multiple)
    return (
      <Checkbox.Group label={label} description={note} readOnly>
        <Stack gap="sm" mt="sm" mb={6}>
          {items.map((m) => (
            <Checkbox key={m.key} value={m.value} label={m.label} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  return (
    <Radio.Group label={label} description={note} readOnly>
      <Stack gap="sm" mt="sm" mb={6}>
        {items.map((m) => (
          <Radio key={m.key} value={m.value} label={m.label} />
        ))}
      </Stack>
    </Radio.Group>
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
