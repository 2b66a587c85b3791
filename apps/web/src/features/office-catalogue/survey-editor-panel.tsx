import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  api,
  splitSurveyTitle,
  SURVEY_QUESTION_KINDS,
  type OfficeSurvey,
  type SurveyQuestionKind,
} from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { SurveyQuestionPreview } from '../../components/question-preview.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { QuestionCard, SaveMessages, keepEnter } from './editor-parts.tsx';
import { errorOf, fieldErrors } from './form-errors.ts';
import { moveItem, QUIZZES_KEY, rowKey, useQuizzesI18n } from './quizzes-i18n.ts';
import { DragRow, ReorderButtons } from './reorder-controls.tsx';
import classes from './quiz-editor.module.css';

type Option = { key: string; value: string };
type Question = {
  key: string;
  id: number | undefined;
  title: string;
  kind: SurveyQuestionKind;
  no_sub: boolean;
  is_required: boolean;
  answered: boolean;
  options: Option[];
};
type Draft = { name: string; questions: Question[] };

const draftOf = (survey: OfficeSurvey): Draft => ({
  name: survey.name,
  questions: survey.questions.map((q) => ({
    key: rowKey(),
    id: q.id,
    title: q.title,
    kind: q.kind,
    no_sub: q.no_sub,
    is_required: q.is_required,
    answered: q.answered,
    options: q.options.map((o) => ({ key: rowKey(), value: o.value })),
  })),
});
const newOption = (): Option => ({ key: rowKey(), value: '' });
const newQuestion = (): Question => ({
  key: rowKey(),
  id: undefined,
  title: '',
  kind: 'option',
  no_sub: false,
  is_required: true,
  answered: false,
  options: [newOption(), newOption()],
});

/** A course's survey: edit, reorder (keyboard and drag), see the member's view, save. */
export function SurveyEditorPanel({ courseId }: { courseId: number }) {
  const survey = useQuery({
    queryKey: [...QUIZZES_KEY, courseId, 'survey'],
    queryFn: ({ signal }) => call(api.officeSurveys.detail, { params: { id: courseId } }, { signal }),
  });
  if (survey.isPending) return <ListSkeleton count={3} />;
  if (survey.isError) return <QueryError error={survey.error} onRetry={() => void survey.refetch()} />;
  return <SurveyEditor key={courseId} courseId={courseId} survey={survey.data} />;
}

function SurveyEditor({ courseId, survey }: { courseId: number; survey: OfficeSurvey }) {
  const { q: w, f } = useQuizzesI18n();
  const c = w.console;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(survey));
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [notice, setNotice] = useState<string | null>(null);
  const setQuestions = (questions: Question[]) => setDraft((d) => ({ ...d, questions }));
  const update = (index: number, patch: Partial<Question>) =>
    setQuestions(draft.questions.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  const save = useMutation({
    mutationFn: () =>
      call(api.officeSurveys.replace, {
        params: { id: courseId },
        body: {
          name: draft.name,
          questions: draft.questions.map((q) => ({
            ...(q.id !== undefined ? { id: q.id } : {}),
            title: q.title,
            kind: q.kind,
            no_sub: q.no_sub,
            is_required: q.kind === 'text' ? q.is_required : true,
            options: q.kind === 'text' ? [] : q.options.map((o) => ({ value: o.value })),
          })),
        },
      }),
    onMutate: () => setNotice(null),
    onSuccess: (saved) => {
      setNotice(saved.version > survey.version ? f(c.savedVersion, saved.version) : c.saved);
      setDraft(draftOf(saved));
      queryClient.setQueryData([...QUIZZES_KEY, courseId, 'survey'], saved);
    },
  });
  const errors = fieldErrors(save.error);
  const err = (field: string) => errorOf(errors, field);
  const kindOptions = SURVEY_QUESTION_KINDS.map((k) => ({ value: k, label: w.surveyKinds[k] }));

  return (
    <Stack gap="md" onKeyDown={keepEnter} data-testid="survey-editor">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Badge
          variant="light"
          color={survey.survey_id ? 'blue' : 'gray'}
          c={survey.survey_id ? 'blue.9' : 'gray.8'}
        >
          {survey.survey_id ? f(c.version, survey.version) : c.notSaved}
        </Badge>
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as 'edit' | 'preview')}
          data={[
            { value: 'edit', label: c.edit },
            { value: 'preview', label: c.preview },
          ]}
        />
      </Group>
      {survey.is_shared ? (
        <Alert color="blue" variant="light">
          {c.sharedNote}
        </Alert>
      ) : null}
      {survey.answered_members > 0 ? (
        <Alert color="yellow" variant="light">
          {f(c.versionNote, survey.answered_members)}
        </Alert>
      ) : null}
      <SaveMessages error={save.isError ? save.error : null} detail={err('questions')} notice={notice} />
      {mode === 'preview' ? (
        <Stack gap="lg" className={classes.preview}>
          <Text size="sm" c="dimmed">
            {c.previewNote}
          </Text>
          <Text fw={700} size="lg" data-user-content>
            {draft.name}
          </Text>
          {draft.questions.map((q) => {
            const { label, unit } = splitSurveyTitle(q.title);
            return (
              <SurveyQuestionPreview
                key={q.key}
                label={label}
                unit={unit}
                kind={q.kind}
                required={q.kind === 'text' ? q.is_required : true}
                options={q.options.map((o) => o.value)}
              />
            );
          })}
        </Stack>
      ) : (
        <Stack gap="md">
          <TextInput
            label={w.fields.surveyName}
            value={draft.name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setDraft((d) => ({ ...d, name }));
            }}
            error={err('name')}
            required
            maw={480}
          />
          {draft.questions.length === 0 ? <Text c="dimmed">{c.empty}</Text> : null}
          {draft.questions.map((q, i) => (
            <QuestionCard
              key={q.key}
              list="survey-questions"
              index={i}
              count={draft.questions.length}
              answered={q.answered}
              testId="survey-question"
              onMove={(to) => setQuestions(moveItem(draft.questions, i, to))}
              onRemove={() => setQuestions(draft.questions.filter((_, qi) => qi !== i))}
            >
              <TextInput
                label={w.fields.surveyTitle}
                description={c.unitHint}
                value={q.title}
                onChange={(e) => update(i, { title: e.currentTarget.value })}
                error={err(`questions.${i}.title`)}
                required
              />
              <Select
                label={w.fields.surveyKind}
                data={kindOptions}
                value={q.kind}
                allowDeselect={false}
                onChange={(v) => {
                  const kind = (v ?? 'option') as SurveyQuestionKind;
                  update(i, {
                    kind,
                    options: kind === 'text' ? [] : q.options.length ? q.options : [newOption(), newOption()],
                  });
                }}
                maw={320}
              />
              <Group gap="lg">
                {q.kind === 'text' ? (
                  <Checkbox
                    label={c.required}
                    checked={q.is_required}
                    onChange={(e) => update(i, { is_required: e.currentTarget.checked })}
                  />
                ) : (
                  <Text size="xs" c="dimmed">
                    {c.requiredAlways}
                  </Text>
                )}
                <Checkbox
                  label={c.noSub}
                  checked={q.no_sub}
                  onChange={(e) => update(i, { no_sub: e.currentTarget.checked })}
                />
              </Group>
              {q.kind === 'text' ? null : (
                <Stack gap="xs" role="group" aria-label={w.fields.options}>
                  <Text size="sm" fw={500}>
                    {w.fields.options}
                  </Text>
                  {q.options.map((o, j) => (
                    <DragRow key={o.key} list={`options-${q.key}`} index={j} className={classes.choice}>
                      <TextInput
                        className={classes.choiceInput}
                        aria-label={f(c.choiceN, j + 1)}
                        placeholder={f(c.choiceN, j + 1)}
                        value={o.value}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          update(i, { options: q.options.map((x, k) => (k === j ? { ...x, value } : x)) });
                        }}
                        error={err(`questions.${i}.options.${j}.value`)}
                      />
                      <ReorderButtons
                        list={`options-${q.key}`}
                        index={j}
                        count={q.options.length}
                        upLabel={f(c.moveChoiceUp, j + 1)}
                        downLabel={f(c.moveChoiceDown, j + 1)}
                        dragLabel={f(c.dragChoice, j + 1)}
                        onMove={(to) => update(i, { options: moveItem(q.options, j, to) })}
                      />
                      <ActionIcon
                        variant="default"
                        aria-label={f(c.removeChoice, j + 1)}
                        onClick={() => update(i, { options: q.options.filter((_, k) => k !== j) })}
                      >
                        ×
                      </ActionIcon>
                    </DragRow>
                  ))}
                  {err(`questions.${i}.options`) ? (
                    <Text c="red.8" size="sm" role="alert">
                      {err(`questions.${i}.options`)}
                    </Text>
                  ) : null}
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    w="fit-content"
                    onClick={() => update(i, { options: [...q.options, newOption()] })}
                  >
                    {c.addChoice}
                  </Button>
                </Stack>
              )}
            </QuestionCard>
          ))}
          <Button
            variant="light"
            w="fit-content"
            onClick={() => setQuestions([...draft.questions, newQuestion()])}
          >
            {c.addQuestion}
          </Button>
        </Stack>
      )}
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="save-survey">
          {c.save}
        </Button>
      </Group>
    </Stack>
  );
}
