import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { LEARNING_LIMITS, QUIZ_INPUT_TYPE, type Quiz, type QuizQuestion } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QuizQuestionInput } from '../../components/question-preview.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { sessionKeys, type SessionKey } from './api/session-calls.ts';
import { answerQuestion, learningKeys, quizQuery, type QuizKind } from './api/learning-calls.ts';
import { BackToSessionButton, errorMessage, StepGuard, successAlertStyles } from './learning-shared.tsx';
import classes from './learning.module.css';

type ErrorKey = 'answerRequired' | 'answerTooLong' | 'selectOne' | 'singleChoiceOnly';

/** The spec's answer rule (§5) as message keys, so the page shows it in the chosen language. */
function answerError(inputType: number, answer: readonly string[]): ErrorKey | null {
  if (inputType === QUIZ_INPUT_TYPE.text) {
    const text = (answer[0] ?? '').trim();
    if (text === '') return 'answerRequired';
    if (text.length > LEARNING_LIMITS.freeTextMax) return 'answerTooLong';
    return null;
  }
  const chosen = answer.filter((a) => a.trim() !== '');
  if (chosen.length === 0) return 'selectOne';
  if (inputType === QUIZ_INPUT_TYPE.single && chosen.length > 1) return 'singleChoiceOnly';
  return null;
}

/** Whether a question takes an answer now: unanswered, or a wrong post-test answer. */
function answerable(kind: QuizKind, q: QuizQuestion) {
  if (q.is_answer_correct === null) return true;
  return kind === 'post' && q.is_answer_correct === false;
}

function StateBadge({ q, showResults }: { q: QuizQuestion; showResults: boolean }) {
  const { t } = useI18n();
  const p = t.learning.pages.quiz;
  if (q.is_answer_correct === null)
    return (
      <Badge color="gray" variant="light" c="gray.8" className={classes.questionBadge}>
        {p.unanswered}
      </Badge>
    );
  if (!showResults)
    return (
      <Badge color="blue" variant="light" c="blue.9" className={classes.questionBadge}>
        {p.answered}
      </Badge>
    );
  return q.is_answer_correct ? (
    <Badge color="teal.9" variant="filled" className={classes.questionBadge} data-result="correct">
      ○ {p.correct}
    </Badge>
  ) : (
    <Badge color="red.9" variant="filled" className={classes.questionBadge} data-result="incorrect">
      × {p.incorrect}
    </Badge>
  );
}

function QuestionList({
  kind,
  quiz,
  showResults,
  onOpen,
}: {
  kind: QuizKind;
  quiz: Quiz;
  showResults: boolean;
  onOpen: (id: number) => void;
}) {
  const { t, f } = useI18n();
  const p = t.learning.pages.quiz;
  return (
    <ol className={classes.questions} aria-label={p.listLabel}>
      {quiz.questions.map((q) => {
        const action = q.is_answer_correct === null ? p.open : answerable(kind, q) ? p.retry : p.review;
        return (
          <li key={q.id} className={classes.question} data-testid={`question-${q.index}`}>
            <span className={classes.questionNumber}>{f(p.questionNumber, q.index)}</span>
            <span className={classes.questionTitle}>{q.title}</span>
            <StateBadge q={q} showResults={showResults} />
            <Button
              size="xs"
              variant={answerable(kind, q) ? 'filled' : 'default'}
              className={classes.questionAction}
              onClick={() => onOpen(q.id)}
              aria-label={`${f(p.questionNumber, q.index)} ${action}`}
            >
              {action}
            </Button>
          </li>
        );
      })}
    </ol>
  );
}

function initialAnswer(q: QuizQuestion): string[] {
  return q.quiz_question_answers.map((a) => a.answer);
}

function QuestionForm({
  sessionKey,
  kind,
  question: q,
  showResults,
}: {
  sessionKey: SessionKey;
  kind: QuizKind;
  question: QuizQuestion;
  showResults: boolean;
}) {
  const { t } = useI18n();
  const p = t.learning.pages.quiz;
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<string[]>(() => initialAnswer(q));
  const [error, setError] = useState<ErrorKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const editable = answerable(kind, q);
  const mutation = useMutation({
    mutationFn: (value: string[]) => answerQuestion(sessionKey, kind, q.id, value),
    onSuccess: (result) => {
      queryClient.setQueryData<Quiz>(learningKeys.quiz(sessionKey, kind), (old) =>
        old
          ? {
              ...old,
              questions: old.questions.map((x) => (x.id === result.question.id ? result.question : x)),
              answered_count: result.answered_count,
              correct_count: result.correct_count,
              is_completed: result.is_completed,
              step_status: result.step_status,
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: [...sessionKeys.all(sessionKey), 'detail'] });
      if (kind === 'post' && showResults)
        setNotice(result.question.is_answer_correct ? p.savedCorrect : p.savedIncorrect);
      else setNotice(p.saved);
    },
  });
  const errorText = error ? t.learning.api[error] : null;
  const answered = q.is_answer_correct !== null;
  const mark = (meta: QuizQuestion['quiz_question_metas'][number]) => {
    if (!showResults || !answered) return null;
    const chosen = q.quiz_question_answers.some((a) => a.answer === meta.value);
    return (
      <>
        {meta.is_correct ? (
          <Text span c="teal.9" className={classes.choiceMark}>
            ○ {p.correctChoice}
          </Text>
        ) : null}
        {chosen && !meta.is_correct ? (
          <Text span c="red.9" className={classes.choiceMark}>
            × {p.chosen}
          </Text>
        ) : null}
      </>
    );
  };
  const input = (
    <QuizQuestionInput
      title={q.title}
      description={q.description}
      inputType={q.input_type}
      choices={q.quiz_question_metas.map((m) => ({ key: m.id, value: m.value, label: m.label }))}
      value={answer}
      onChange={(v) => {
        setAnswer(v);
        if (error) setError(null);
      }}
      disabled={!editable}
      error={errorText}
      mark={(choice) => {
        const meta = q.quiz_question_metas.find((m) => m.id === choice.key);
        return meta ? mark(meta) : null;
      }}
    />
  );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problem = answerError(q.input_type, answer);
        setError(problem);
        setNotice(null);
        if (!problem)
          mutation.mutate(q.input_type === QUIZ_INPUT_TYPE.text ? [(answer[0] ?? '').trim()] : answer);
      }}
    >
      <Stack gap="md">
        {input}
        {showResults && answered ? (
          q.is_answer_correct ? (
            <Alert color="teal" variant="light" data-testid="question-result">
              ○ {p.correct}
            </Alert>
          ) : (
            <Alert color="red" variant="light" data-testid="question-result">
              × {editable ? p.savedIncorrect : p.incorrect}
            </Alert>
          )
        ) : null}
        {mutation.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(mutation.error, t.errors.generic)}
          </Alert>
        ) : null}
        <div aria-live="polite">
          {notice ? (
            <Text size="sm" fw={700} data-testid="answer-notice">
              {notice}
            </Text>
          ) : null}
        </div>
        {editable ? (
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              {answered ? p.resubmit : p.submit}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {kind === 'pre' ? p.lockedPre : p.lockedCorrect}
          </Text>
        )}
      </Stack>
    </form>
  );
}

function QuestionView({
  sessionKey,
  kind,
  quiz,
  question,
  showResults,
  onOpen,
}: {
  sessionKey: SessionKey;
  kind: QuizKind;
  quiz: Quiz;
  question: QuizQuestion;
  showResults: boolean;
  onOpen: (id: number | null) => void;
}) {
  const { t, f } = useI18n();
  const p = t.learning.pages.quiz;
  const position = quiz.questions.findIndex((x) => x.id === question.id);
  const prev = quiz.questions[position - 1];
  const next = quiz.questions[position + 1];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="question-view">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz={18} c="rose.9">
            {f(p.questionOf, question.index, quiz.questions.length)}
          </Title>
          <StateBadge q={question} showResults={showResults} />
        </Group>
        <QuestionForm
          key={question.id}
          sessionKey={sessionKey}
          kind={kind}
          question={question}
          showResults={showResults}
        />
        <Group justify="space-between" gap="xs" mt="sm">
          <Button variant="subtle" onClick={() => onOpen(null)}>
            ← {p.backToList}
          </Button>
          <Group gap="xs">
            {prev ? (
              <Button variant="default" onClick={() => onOpen(prev.id)}>
                {p.previous}
              </Button>
            ) : null}
            {next ? (
              <Button variant="default" onClick={() => onOpen(next.id)}>
                {p.next}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

function QuizBody({ sessionKey, kind }: { sessionKey: SessionKey; kind: QuizKind }) {
  const { t, f } = useI18n();
  const p = t.learning.pages.quiz;
  const query = useQuery(quizQuery(sessionKey, kind));
  const [params, setParams] = useSearchParams();
  const [showResults, setShowResults] = useState(false);
  if (query.isPending) return <ListSkeleton count={5} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const quiz = query.data;
  const total = quiz.questions.length;
  const allAnswered = quiz.answered_count >= total && total > 0;
  const toggleDisabled = kind === 'post' && !allAnswered;
  const results = showResults && !toggleDisabled;
  const open = (id: number | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('q', String(id));
      else next.delete('q');
      return next;
    });
  const current = quiz.questions.find((q) => q.id === Number(params.get('q')));
  if (total === 0)
    return (
      <Stack>
        <Text c="dimmed" role="status">
          {p.empty}
        </Text>
        <BackToSessionButton sessionKey={sessionKey} />
      </Stack>
    );
  return (
    <Stack gap="lg">
      {quiz.is_completed ? (
        <Alert
          color="teal"
          variant="light"
          role="status"
          title={kind === 'pre' ? p.preCompleteTitle : p.postCompleteTitle}
          styles={successAlertStyles}
          data-testid="quiz-complete"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{kind === 'pre' ? p.preCompleteBody : p.postCompleteBody}</Text>
            <BackToSessionButton sessionKey={sessionKey} variant="filled" />
          </Stack>
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Group justify="space-between" gap="md" wrap="wrap">
          <Group gap="lg">
            <Text fw={700} data-testid="answered-count">
              {f(p.answeredCount, quiz.answered_count, total)}
            </Text>
            {kind === 'post' && results ? (
              <Text fw={700} data-testid="correct-count">
                {f(p.correctCount, quiz.correct_count, total)}
              </Text>
            ) : null}
          </Group>
          <Stack gap={2}>
            <Switch
              label={p.showResults}
              checked={results}
              disabled={toggleDisabled}
              onChange={(e) => setShowResults(e.currentTarget.checked)}
              data-testid="results-toggle"
            />
            {toggleDisabled ? (
              <Text size="xs" c="dimmed">
                {p.showResultsHint}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Paper>
      {current ? (
        <QuestionView
          sessionKey={sessionKey}
          kind={kind}
          quiz={quiz}
          question={current}
          showResults={results}
          onOpen={open}
        />
      ) : (
        <QuestionList kind={kind} quiz={quiz} showResults={results} onOpen={open} />
      )}
      {quiz.is_completed ? null : <BackToSessionButton sessionKey={sessionKey} />}
    </Stack>
  );
}

/** /session/{id}/{type_id}/pretest and /posttest: the question list, one question at a time, and the right/wrong toggle. */
export function QuizPage({ kind }: { kind: QuizKind }) {
  const { t } = useI18n();
  const p = t.learning.pages.quiz;
  const title = kind === 'pre' ? p.preTitle : p.postTitle;
  return (
    <StepGuard step={kind === 'pre' ? 3 : 6} title={title}>
      {(key) => (
        <Stack gap={0} maw={960}>
          <PageHeading title={title} lead={kind === 'pre' ? p.preLead : p.postLead} />
          <QuizBody key={kind} sessionKey={key} kind={kind} />
        </Stack>
      )}
    </StepGuard>
  );
}

export function PreTestPage() {
  return <QuizPage kind="pre" />;
}

export function PostTestPage() {
  return <QuizPage kind="post" />;
}
