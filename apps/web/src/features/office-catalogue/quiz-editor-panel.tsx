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
  Textarea,
  TextInput,
} from '@mantine/core';
import { api, QUIZ_INPUT_TYPE, type OfficeQuiz, type QuizKind } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QuizQuestionPreview } from '../../components/question-preview.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { QuestionCard, SaveMessages, keepEnter } from './editor-parts.tsx';
import { errorOf, fieldErrors } from './form-errors.ts';
import { moveItem, QUIZZES_KEY, rowKey, useQuizzesI18n } from './quizzes-i18n.ts';
import { DragRow, ReorderButtons } from './reorder-controls.tsx';
import classes from './quiz-editor.module.css';

type InputType = 0 | 1 | 2;
type Choice = { key: string; label: string; value: string; is_correct: boolean };
type Question = {
  key: string;
  id: number | undefined;
  title: string;
  description: string;
  input_type: InputType;
  answered: boolean;
  choices: Choice[];
};
type Draft = { title: string; questions: Question[] };

function draftOf(quiz: OfficeQuiz): Draft {
  return {
    title: quiz.title,
    questions: quiz.questions.map((q) => ({
      key: rowKey(),
      id: q.id,
      title: q.title,
      description: q.description,
      input_type: q.input_type,
      answered: q.answered,
      choices: q.quiz_question_metas.map((m) => ({
        key: rowKey(),
        label: m.label,
        value: m.value,
        is_correct: m.is_correct,
      })),
    })),
  };
}

/** A value for a new choice that no other choice of the question has ('a', 'b', … then 'c27' …). */
function freshValue(choices: readonly Choice[]): string {
  const taken = new Set(choices.map((c) => c.value));
  for (let i = 0; ; i++) {
    const value = i < 26 ? String.fromCharCode(97 + i) : `c${i + 1}`;
    if (!taken.has(value)) return value;
  }
}
const newChoice = (choices: readonly Choice[]): Choice => ({
  key: rowKey(),
  label: '',
  value: freshValue(choices),
  is_correct: false,
});
function newQuestion(): Question {
  const first = newChoice([]);
  return {
    key: rowKey(),
    id: undefined,
    title: '',
    description: '',
    input_type: QUIZ_INPUT_TYPE.single,
    answered: false,
    choices: [first, newChoice([first])],
  };
}

/** A course's pre-test, post-test or renewal test: edit, reorder (keyboard and drag), see the member's view, save. */
export function QuizEditorPanel({ courseId, kind }: { courseId: number; kind: QuizKind }) {
  const { q: w } = useQuizzesI18n();
  const quiz = useQuery({
    queryKey: [...QUIZZES_KEY, courseId, kind],
    queryFn: ({ signal }) => call(api.officeQuizzes.detail, { params: { id: courseId, kind } }, { signal }),
  });
  if (quiz.isPending) return <ListSkeleton count={3} />;
  if (quiz.isError) return <QueryError error={quiz.error} onRetry={() => void quiz.refetch()} />;
  return <QuizEditor key={kind} courseId={courseId} kind={kind} quiz={quiz.data} words={w} />;
}

function QuizEditor({
  courseId,
  kind,
  quiz,
  words: w,
}: {
  courseId: number;
  kind: QuizKind;
  quiz: OfficeQuiz;
  words: ReturnType<typeof useQuizzesI18n>['q'];
}) {
  const { f } = useQuizzesI18n();
  const c = w.console;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(quiz));
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [notice, setNotice] = useState<string | null>(null);
  const setQuestions = (questions: Question[]) => setDraft((d) => ({ ...d, questions }));
  const update = (index: number, patch: Partial<Question>) =>
    setQuestions(draft.questions.map((q, i) => (i === index ? { ...q, ...patch } : q)));

  const save = useMutation({
    mutationFn: () =>
      call(api.officeQuizzes.replace, {
        params: { id: courseId, kind },
        body: {
          title: draft.title,
          questions: draft.questions.map((q) => ({
            ...(q.id !== undefined ? { id: q.id } : {}),
            title: q.title,
            description: q.description,
            input_type: q.input_type,
            quiz_question_metas: q.choices.map(({ label, value, is_correct }) => ({
              label: q.input_type === QUIZ_INPUT_TYPE.text ? value : label,
              value,
              is_correct: q.input_type === QUIZ_INPUT_TYPE.text ? true : is_correct,
            })),
          })),
        },
      }),
    onMutate: () => setNotice(null),
    onSuccess: (saved) => {
      setNotice(saved.version > quiz.version ? f(c.savedVersion, saved.version) : c.saved);
      setDraft(draftOf(saved));
      queryClient.setQueryData([...QUIZZES_KEY, courseId, kind], saved);
    },
  });
  const errors = fieldErrors(save.error);
  const err = (field: string) => errorOf(errors, field);
  const typeOptions = ([0, 1, 2] as const).map((v) => ({ value: String(v), label: w.inputTypes[v] }));

  return (
    <Stack gap="md" onKeyDown={keepEnter} data-testid={`quiz-editor-${kind}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Badge variant="light" color={quiz.exists ? 'blue' : 'gray'} c={quiz.exists ? 'blue.9' : 'gray.8'}>
            {quiz.exists ? f(c.version, quiz.version) : c.notSaved}
          </Badge>
        </Group>
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v as 'edit' | 'preview')}
          data={[
            { value: 'edit', label: c.edit },
            { value: 'preview', label: c.preview },
          ]}
        />
      </Group>
      {quiz.answered_members > 0 ? (
        <Alert color="yellow" variant="light">
          {f(c.versionNote, quiz.answered_members)}
        </Alert>
      ) : null}
      <SaveMessages error={save.isError ? save.error : null} detail={err('questions')} notice={notice} />

      {mode === 'preview' ? (
        <Stack gap="lg" className={classes.preview}>
          <Text size="sm" c="dimmed">
            {c.previewNote}
          </Text>
          <Text fw={700} size="lg" data-user-content>
            {draft.title}
          </Text>
          {draft.questions.map((q, i) => (
            <QuizQuestionPreview
              key={q.key}
              index={i + 1}
              title={q.title}
              description={q.description}
              inputType={q.input_type}
              choices={q.choices}
            />
          ))}
        </Stack>
      ) : (
        <Stack gap="md">
          <TextInput
            label={w.fields.quizTitle}
            value={draft.title}
            onChange={(e) => {
              const title = e.currentTarget.value;
              setDraft((d) => ({ ...d, title }));
            }}
            error={err('title')}
            required
            maw={480}
          />
          {draft.questions.length === 0 ? <Text c="dimmed">{c.empty}</Text> : null}
          {draft.questions.map((q, i) => (
            <QuestionCard
              key={q.key}
              list={`questions-${kind}`}
              index={i}
              count={draft.questions.length}
              answered={q.answered}
              testId="quiz-question"
              onMove={(to) => setQuestions(moveItem(draft.questions, i, to))}
              onRemove={() => setQuestions(draft.questions.filter((_, qi) => qi !== i))}
            >
              <Textarea
                label={w.fields.questionTitle}
                value={q.title}
                onChange={(e) => update(i, { title: e.currentTarget.value })}
                error={err(`questions.${i}.title`)}
                autosize
                minRows={2}
                required
                data-user-content
              />
              <TextInput
                label={w.fields.questionDescription}
                value={q.description}
                onChange={(e) => update(i, { description: e.currentTarget.value })}
                error={err(`questions.${i}.description`)}
              />
              <Select
                label={w.fields.inputType}
                data={typeOptions}
                value={String(q.input_type)}
                allowDeselect={false}
                onChange={(v) => {
                  const input_type = Number(v) as InputType;
                  const wasText = q.input_type === QUIZ_INPUT_TYPE.text;
                  const isText = input_type === QUIZ_INPUT_TYPE.text;
                  update(i, {
                    input_type,
                    choices: wasText === isText ? q.choices : isText ? [] : newQuestion().choices,
                  });
                }}
                maw={240}
              />
              <ChoicesEditor
                kind={kind}
                question={q}
                index={i}
                error={err}
                onChange={(choices) => update(i, { choices })}
              />
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
        <Button onClick={() => save.mutate()} loading={save.isPending} data-testid={`save-${kind}`}>
          {c.save}
        </Button>
      </Group>
    </Stack>
  );
}

function ChoicesEditor({
  kind,
  question: q,
  index: i,
  error: err,
  onChange,
}: {
  kind: QuizKind;
  question: Question;
  index: number;
  error: (field: string) => string | undefined;
  onChange: (choices: Choice[]) => void;
}) {
  const { q: w, f } = useQuizzesI18n();
  const c = w.console;
  const at = `questions.${i}.quiz_question_metas`;
  const set = (j: number, patch: Partial<Choice>) =>
    onChange(q.choices.map((x, k) => (k === j ? { ...x, ...patch } : x)));
  const groupError = err(at);
  if (q.input_type === QUIZ_INPUT_TYPE.text)
    return (
      <Stack gap="xs" role="group" aria-label={c.acceptedAnswers}>
        <Text size="sm" fw={500}>
          {c.acceptedAnswers}
        </Text>
        <Text size="xs" c="dimmed">
          {c.acceptedHint}
        </Text>
        {q.choices.map((m, j) => (
          <div key={m.key} className={classes.choice}>
            <TextInput
              className={classes.choiceInput}
              aria-label={f(c.choiceN, j + 1)}
              value={m.value}
              onChange={(e) => set(j, { value: e.currentTarget.value, label: e.currentTarget.value })}
              error={err(`${at}.${j}.value`)}
            />
            <ActionIcon
              variant="default"
              aria-label={f(c.removeAccepted, j + 1)}
              onClick={() => onChange(q.choices.filter((_, k) => k !== j))}
            >
              ×
            </ActionIcon>
          </div>
        ))}
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          onClick={() => onChange([...q.choices, { key: rowKey(), label: '', value: '', is_correct: true }])}
        >
          {c.addAccepted}
        </Button>
      </Stack>
    );
  return (
    <Stack gap="xs" role="group" aria-label={w.fields.choices}>
      <Text size="sm" fw={500}>
        {w.fields.choices}
      </Text>
      {q.choices.map((m, j) => (
        <DragRow key={m.key} list={`choices-${kind}-${q.key}`} index={j} className={classes.choice}>
          <Checkbox
            mt={8}
            aria-label={`${f(c.choiceN, j + 1)}：${c.correct}`}
            checked={m.is_correct}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              onChange(
                q.choices.map((x, k) =>
                  k === j
                    ? { ...x, is_correct: checked }
                    : q.input_type === QUIZ_INPUT_TYPE.single && checked
                      ? { ...x, is_correct: false }
                      : x,
                ),
              );
            }}
          />
          <TextInput
            className={classes.choiceInput}
            aria-label={f(c.choiceN, j + 1)}
            placeholder={f(c.choiceN, j + 1)}
            value={m.label}
            onChange={(e) => set(j, { label: e.currentTarget.value })}
            error={err(`${at}.${j}.label`) ?? err(`${at}.${j}.value`)}
          />
          <ReorderButtons
            list={`choices-${kind}-${q.key}`}
            index={j}
            count={q.choices.length}
            upLabel={f(c.moveChoiceUp, j + 1)}
            downLabel={f(c.moveChoiceDown, j + 1)}
            dragLabel={f(c.dragChoice, j + 1)}
            onMove={(to) => onChange(moveItem(q.choices, j, to))}
          />
          <ActionIcon
            variant="default"
            aria-label={f(c.removeChoice, j + 1)}
            onClick={() => onChange(q.choices.filter((_, k) => k !== j))}
          >
            ×
          </ActionIcon>
        </DragRow>
      ))}
      {groupError ? (
        <Text c="red.8" size="sm" role="alert">
          {groupError}
        </Text>
      ) : null}
      <Button
        variant="subtle"
        size="compact-sm"
        w="fit-content"
        onClick={() => onChange([...q.choices, newChoice(q.choices)])}
      >
        {c.addChoice}
      </Button>
    </Stack>
  );
}
