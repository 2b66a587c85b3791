import { Alert, Badge, Button, Checkbox, Group, Modal, Radio, Stack, Switch, Text } from '@mantine/core';
import { QUIZ_INPUT_TYPE, type QuizQuestion, type RenewalTest } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { answerRenewalQuestion, renewalKeys, renewalTestQuery } from './api/renewal-calls.ts';
import { useRenewalI18n } from './renewal-messages.ts';
import { errorText, Panel, RenewalGuard, renewalPaths, type RenewalKey } from './renewal-shared.tsx';
import classes from './renewal.module.css';

function Correctness({ q }: { q: QuizQuestion }) {
  const { r } = useRenewalI18n();
  if (q.is_answer_correct === null) return null;
  return q.is_answer_correct ? (
    <Badge color="teal.9" variant="filled" data-testid="renewal-correct">
      ○ {r.test.correct}
    </Badge>
  ) : (
    <Badge color="red.9" variant="filled" data-testid="renewal-incorrect">
      × {r.test.incorrect}
    </Badge>
  );
}

/** The question list: answered or not, correctness when the toggle shows it; Judge results once all are answered. */
function QuestionList({
  test,
  k,
  onOpen,
  onJudge,
}: {
  test: RenewalTest;
  k: RenewalKey;
  onOpen: (id: number) => void;
  onJudge: () => void;
}) {
  const { r, f } = useRenewalI18n();
  const m = r.test;
  const [show, setShow] = useState(false);
  const allAnswered = test.questions.every((q) => q.is_answer_correct !== null);
  return (
    <Panel title={m.title} testId="renewal-test">
      <Switch
        label={m.showCorrectness}
        checked={show}
        onChange={(e) => setShow(e.currentTarget.checked)}
        data-testid="renewal-show-correctness"
      />
      <ul className={classes.questions} aria-label={m.listLabel}>
        {test.questions.map((q) => (
          <li key={q.id} className={classes.question} data-testid={`renewal-question-${q.index}`}>
            <Text fw={600}>
              {f(m.question, q.index)}
              <Text span fw={400} ml="xs" data-user-content>
                {q.title}
              </Text>
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Badge
                variant="light"
                color={q.is_answer_correct === null ? 'gray' : 'blue'}
                c={q.is_answer_correct === null ? 'gray.8' : 'blue.9'}
              >
                {q.is_answer_correct === null ? m.unanswered : m.answered}
              </Badge>
              {show ? <Correctness q={q} /> : null}
            </Group>
            <Button
              className={classes.questionAction}
              size="xs"
              variant={q.is_answer_correct === true ? 'default' : 'filled'}
              disabled={q.is_answer_correct === true}
              onClick={() => onOpen(q.id)}
              aria-label={`${q.is_answer_correct === false ? m.answerAgain : m.answer}: ${f(m.question, q.index)}`}
            >
              {q.is_answer_correct === false ? m.answerAgain : m.answer}
            </Button>
          </li>
        ))}
      </ul>
      {!allAnswered ? (
        <Text size="sm" c="dimmed">
          {m.judgeHint}
        </Text>
      ) : null}
      <Group gap="sm">
        <Button component={Link} to={renewalPaths.session(k)} variant="default">
          {r.backToSession}
        </Button>
        <Button disabled={!allAnswered} onClick={onJudge} data-testid="renewal-judge">
          {m.judge}
        </Button>
      </Group>
    </Panel>
  );
}

/** One question: single choice (radio) or multiple (checkboxes), judged on the server. */
function QuestionForm({ q, k, onDone }: { q: QuizQuestion; k: RenewalKey; onDone: () => void }) {
  const { r, t, f } = useRenewalI18n();
  const m = r.test;
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const send = useMutation({
    mutationFn: () => answerRenewalQuestion(k.requestId, q.id, chosen),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: renewalKeys.all(k.requestId) });
      onDone();
    },
  });
  const single = q.input_type === QUIZ_INPUT_TYPE.single;
  const error = missing ? m.selectRequired : undefined;
  return (
    <Panel title={f(m.question, q.index)} testId="renewal-question">
      <Text fw={600} data-user-content>
        {q.title}
      </Text>
      {q.description ? (
        <Text size="sm" data-user-content>
          {q.description}
        </Text>
      ) : null}
      {single ? (
        <Radio.Group
          label={m.chooseOne}
          value={chosen[0] ?? null}
          onChange={(v) => {
            setChosen([v]);
            setMissing(false);
          }}
          error={error}
        >
          <Stack gap="xs" mt="xs">
            {q.quiz_question_metas.map((x) => (
              <Radio key={x.id} value={x.value} label={<span data-user-content>{x.label}</span>} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Checkbox.Group
          label={m.chooseAny}
          value={chosen}
          onChange={(v) => {
            setChosen(v);
            setMissing(false);
          }}
          error={error}
        >
          <Stack gap="xs" mt="xs">
            {q.quiz_question_metas.map((x) => (
              <Checkbox key={x.id} value={x.value} label={<span data-user-content>{x.label}</span>} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {send.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(send.error, t.errors.generic)}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button variant="default" onClick={onDone}>
          {m.backToList}
        </Button>
        <Button
          loading={send.isPending}
          onClick={() => {
            if (chosen.length === 0) setMissing(true);
            else send.mutate();
          }}
          data-testid="renewal-answer"
        >
          {m.answer}
        </Button>
      </Group>
    </Panel>
  );
}

/** The result: each question's correctness; not all correct → the modal saying renewal is blocked. */
function Result({ test, k, onBack }: { test: RenewalTest; k: RenewalKey; onBack: () => void }) {
  const { r, f } = useRenewalI18n();
  const m = r.test;
  const passed = test.is_completed;
  const [modal, setModal] = useState(!passed);
  return (
    <Panel title={m.resultTitle} testId="renewal-result">
      <Text fw={700} data-testid="renewal-score">
        {f(m.score, test.questions.length, test.correct_count)}
      </Text>
      <ul className={classes.questions}>
        {test.questions.map((q) => (
          <li key={q.id} className={classes.question}>
            <Text fw={600}>{f(m.question, q.index)}</Text>
            <Correctness q={q} />
          </li>
        ))}
      </ul>
      {passed ? (
        <Alert color="teal" variant="light" role="status" data-testid="renewal-passed">
          {m.passed}
        </Alert>
      ) : null}
      <Group gap="sm">
        {passed ? (
          <Button component={Link} to={renewalPaths.certificate(k)} data-testid="renewal-result-certificate">
            {r.session.getCertificate}
          </Button>
        ) : (
          <Button onClick={onBack} data-testid="renewal-retry">
            {m.retry}
          </Button>
        )}
        <Button component={Link} to={renewalPaths.session(k)} variant="default">
          {r.backToSession}
        </Button>
      </Group>
      <Modal
        opened={modal}
        onClose={() => setModal(false)}
        title={m.blockedTitle}
        centered
        closeButtonProps={{ 'aria-label': m.close }}
      >
        <Stack gap="md" data-testid="renewal-blocked">
          <Text>{m.blocked}</Text>
          <Button onClick={() => setModal(false)} style={{ alignSelf: 'flex-end' }}>
            {m.close}
          </Button>
        </Stack>
      </Modal>
    </Panel>
  );
}

function TestBody({ k }: { k: RenewalKey }) {
  const [params, setParams] = useSearchParams();
  const query = useQuery(renewalTestQuery(k.requestId));
  if (query.isPending) return <ListSkeleton count={3} height={56} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const test = query.data;
  const toList = () => setParams({});
  const questionId = Number(params.get('question')) || null;
  const question = questionId ? test.questions.find((q) => q.id === questionId) : undefined;
  if (question && question.is_answer_correct !== true)
    return <QuestionForm key={question.id} q={question} k={k} onDone={toList} />;
  if (params.get('view') === 'result' && test.questions.every((q) => q.is_answer_correct !== null))
    return <Result test={test} k={k} onBack={toList} />;
  return (
    <QuestionList
      test={test}
      k={k}
      onOpen={(id) => setParams({ question: String(id) })}
      onJudge={() => setParams({ view: 'result' })}
    />
  );
}

/** …/session/posttest: the course-renewal test (spec 001 §4): list, single question, result. */
export function RenewalTestPage() {
  const { r } = useRenewalI18n();
  return (
    <RenewalGuard page="test" lead={r.test.lead}>
      {(_renewal, k) => <TestBody k={k} />}
    </RenewalGuard>
  );
}
