import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ja,
  LEARNING_LIMITS,
  LIMITS,
  STEP_STATUS,
  SURVEY_OTHER_VALUE,
  surveyAnswerErrors,
  type CertificatePreview,
  type SurveyAnswer,
  type SurveyList,
  type SurveyQuestion,
} from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { sessionKeys, type SessionKey } from './api/session-calls.ts';
import { sessionPath } from './session-params.ts';
import {
  certificatePreviewQuery,
  downloadCertificate,
  submitSurvey,
  surveyQuery,
} from './api/learning-calls.ts';
import { BackToSessionButton, errorMessage, learningPath, StepGuard } from './learning-shared.tsx';
import classes from './learning.module.css';
import { pdfFrameSrc, saveBlob } from '../../lib/download.ts';
import { useMessage } from '../../lib/messages.ts';

type Answers = Record<number, { answer: string; other: string }>;
type ApiKey = keyof typeof ja.learning.api;

/** The shared survey rules answer Japanese messages; this finds the same message in the chosen language. */
function useLocalMessage() {
  const { t } = useI18n();
  return (message: string) => {
    const key = (Object.keys(ja.learning.api) as ApiKey[]).find((k) => ja.learning.api[k] === message);
    return key ? t.learning.api[key] : message;
  };
}

function QuestionField({
  q,
  value,
  error,
  otherError,
  onChange,
  inGroup = false,
}: {
  q: SurveyQuestion;
  inGroup?: boolean;
  value: { answer: string; other: string };
  error: string | undefined;
  otherError: string | undefined;
  onChange: (next: { answer: string; other: string }) => void;
}) {
  const { t, f } = useI18n();
  const p = t.learning.pages.survey;
  const inputId = `survey-${q.id}`;
  // Inside the respondent group its legend already says 回答者情報: drop a repeated 'group：' prefix.
  const label = inGroup
    ? q.label.replace(new RegExp(`^${ja.learning.pages.survey.respondentGroup}[：:]\\s*`), '')
    : q.label;
  if (q.kind === 'text') {
    const count = f(t.learning.pages.quiz.charCount, value.answer.trim().length, LEARNING_LIMITS.freeTextMax);
    if (q.unit)
      return (
        <div className={classes.unitRow}>
          <TextInput
            id={inputId}
            label={q.label}
            required={q.is_required}
            value={value.answer}
            onChange={(e) => onChange({ ...value, answer: e.currentTarget.value })}
            error={error}
            maw={240}
            style={{ flex: '1 1 auto' }}
            data-question={q.id}
          />
          <Text className={classes.unit} aria-hidden="true">
            {q.unit}
          </Text>
        </div>
      );
    return (
      <Textarea
        id={inputId}
        label={q.label}
        required={q.is_required}
        value={value.answer}
        onChange={(e) => onChange({ ...value, answer: e.currentTarget.value })}
        error={error}
        autosize
        minRows={3}
        description={count}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data-question={q.id}
      />
    );
  }
  const showOther = q.kind === 'option_other' && value.answer === SURVEY_OTHER_VALUE;
  return (
    <Stack gap="xs">
      <Radio.Group
        id={inputId}
        label={label}
        required
        value={value.answer || null}
        onChange={(v) => onChange({ ...value, answer: v })}
        error={error}
        data-question={q.id}
      >
        <Stack gap={8} mt={8} mb={6}>
          {q.subject_survey_question_options.map((o) => (
            <Radio key={o.id} value={o.value} label={o.value} />
          ))}
        </Stack>
      </Radio.Group>
      {showOther ? (
        <TextInput
          label={p.otherLabel}
          placeholder={p.otherPlaceholder}
          value={value.other}
          onChange={(e) => onChange({ ...value, other: e.currentTarget.value })}
          error={otherError}
          description={f(
            t.learning.pages.quiz.charCount,
            value.other.trim().length,
            LEARNING_LIMITS.surveyOtherMax,
          )}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          ml={{ base: 0, sm: 28 }}
        />
      ) : null}
    </Stack>
  );
}

function SurveyForm({ sessionKey, survey }: { sessionKey: SessionKey; survey: SurveyList }) {
  const { t } = useI18n();
  const text = useMessage();
  const p = t.learning.pages.survey;
  const local = useLocalMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [showSummary, setShowSummary] = useState(false);
  const questions = survey.subject_survey_questions;
  const payload = (): SurveyAnswer[] =>
    questions
      .map((q) => {
        const a = answers[q.id] ?? { answer: '', other: '' };
        const answer = a.answer.trim();
        const other = q.kind === 'option_other' && answer === SURVEY_OTHER_VALUE ? a.other.trim() : '';
        return { question_id: q.id, answer, ...(other ? { other } : {}) };
      })
      .filter((a) => a.answer !== '');
  const mutation = useMutation({
    mutationFn: (body: SurveyAnswer[]) => submitSurvey(sessionKey, body),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all(sessionKey) });
      void navigate(
        result.next_route === 'surveyComplete'
          ? learningPath(sessionKey, 'surveyComplete')
          : sessionPath(sessionKey),
      );
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && Object.keys(error.errors).length > 0) {
        setErrors(error.errors);
        setShowSummary(true);
      }
    },
  });
  const focusFirstError = () =>
    window.requestAnimationFrame(() => {
      const node = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error] input');
      node?.focus();
    });
  const fieldError = (key: string) => {
    const list = errors[key];
    return list && list[0] ? local(list[0]) : undefined;
  };
  const set = (id: number, next: { answer: string; other: string }) => {
    setAnswers((prev) => ({ ...prev, [id]: next }));
    if (errors[`surveys.${id}`] || errors[`surveys.${id}.other`])
      setErrors((prev) => {
        const copy = { ...prev };
        delete copy[`surveys.${id}`];
        delete copy[`surveys.${id}.other`];
        return copy;
      });
  };
  const field = (q: SurveyQuestion, inGroup = false) => (
    <QuestionField
      key={q.id}
      q={q}
      inGroup={inGroup}
      value={answers[q.id] ?? { answer: '', other: '' }}
      error={fieldError(`surveys.${q.id}`)}
      otherError={fieldError(`surveys.${q.id}.other`)}
      onChange={(next) => set(q.id, next)}
    />
  );
  // The respondent-information questions form one required group, where its first question stands.
  const blocks: ReactNode[] = [];
  const respondent = questions.filter((q) => q.kind === 'respondent');
  let groupPlaced = false;
  for (const q of questions) {
    if (q.kind !== 'respondent') blocks.push(field(q));
    else if (!groupPlaced) {
      groupPlaced = true;
      blocks.push(
        <fieldset key="respondent" className={classes.fieldset} data-testid="respondent-group">
          <legend className={classes.legend}>{p.respondentGroup}</legend>
          <Text size="sm" c="dimmed" mb="sm">
            {p.respondentLead}
          </Text>
          <Stack gap="lg">{respondent.map((q) => field(q, true))}</Stack>
        </fieldset>,
      );
    }
  }
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const body = payload();
        const found = Object.fromEntries(
          Object.entries(surveyAnswerErrors(questions, body)).map(([key, list]) => [key, list.map(text)]),
        );
        setErrors(found);
        const invalid = Object.keys(found).length > 0;
        setShowSummary(invalid);
        if (invalid) focusFirstError();
        else mutation.mutate(body);
      }}
    >
      <Stack gap="xl">
        <Title order={2} fz={20}>
          {survey.name}
        </Title>
        {showSummary && Object.keys(errors).length > 0 ? (
          <Alert color="red" variant="light" role="alert" data-testid="survey-errors">
            {p.errorSummary}
          </Alert>
        ) : null}
        {blocks}
        {mutation.isError &&
        !(mutation.error instanceof ApiRequestError && Object.keys(mutation.error.errors).length > 0) ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(mutation.error, t.errors.generic)}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" size="md" loading={mutation.isPending}>
            {p.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SurveySection({ sessionKey }: { sessionKey: SessionKey }) {
  const { t } = useI18n();
  const p = t.learning.pages.survey;
  const query = useQuery(surveyQuery(sessionKey));
  if (query.isPending) return <ListSkeleton count={7} height={72} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.is_answered)
    return (
      <Stack>
        <Alert color="teal" variant="light" role="status">
          {p.answered}
        </Alert>
        <BackToSessionButton sessionKey={sessionKey} />
      </Stack>
    );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <SurveyForm sessionKey={sessionKey} survey={query.data} />
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function CertificateView({ sessionKey, preview }: { sessionKey: SessionKey; preview: CertificatePreview }) {
  const { t } = useI18n();
  const c = t.learning.pages.certificate;
  const [done, setDone] = useState(false);
  const mutation = useMutation({
    mutationFn: () => downloadCertificate(sessionKey, preview.id),
    onSuccess: ({ blob, filename }) => {
      saveBlob(blob, filename ?? `certificate_${preview.certificate_number}.pdf`);
      setDone(true);
    },
  });
  const downloadError =
    mutation.error instanceof ApiRequestError && mutation.error.status === 400
      ? t.learning.api.certificateCannotIssue
      : errorMessage(mutation.error, t.errors.generic);
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <dl className={classes.facts} data-testid="certificate-facts">
          <Fact label={c.number}>{preview.certificate_number}</Fact>
          <Fact label={c.issuedOn}>{formatDate(preview.start_date)}</Fact>
          <Fact label={c.validUntil}>{preview.end_date ? formatDate(preview.end_date) : c.noExpiry}</Fact>
        </dl>
      </Paper>
      <Group gap="md">
        <Button
          size="md"
          onClick={() => mutation.mutate()}
          loading={mutation.isPending}
          data-testid="certificate-download"
        >
          {c.download}
        </Button>
        <Anchor href={preview.verify_url} target="_blank" rel="noopener noreferrer" data-testid="verify-link">
          {c.verifyLink}
        </Anchor>
      </Group>
      <div aria-live="polite">
        {mutation.isError ? (
          <Alert color="red" variant="light" role="alert" data-testid="download-error">
            {downloadError}
          </Alert>
        ) : done ? (
          <Text size="sm" role="status">
            {c.downloaded}
          </Text>
        ) : null}
      </div>
      <iframe
        className={classes.preview}
        src={pdfFrameSrc(preview.link)}
        title={c.previewLabel}
        height={LIMITS.certificateFrameHeight}
        data-testid="certificate-preview"
      />
      <Text size="sm">
        <Anchor href={preview.link} target="_blank" rel="noopener noreferrer">
          {c.openPdf}
        </Anchor>
      </Text>
      <BackToSessionButton sessionKey={sessionKey} />
    </Stack>
  );
}

function CertificateSection({ sessionKey }: { sessionKey: SessionKey }) {
  const { t } = useI18n();
  const query = useQuery(certificatePreviewQuery(sessionKey));
  if (query.isPending) return <ListSkeleton count={3} height={120} />;
  if (query.isError) {
    const message =
      query.error instanceof ApiRequestError && query.error.status === 400
        ? t.learning.api.certificateCannotIssue
        : errorMessage(query.error, t.errors.generic);
    return (
      <Stack>
        <Alert color="red" variant="light" role="alert" data-testid="certificate-error">
          {message}
        </Alert>
        <BackToSessionButton sessionKey={sessionKey} />
      </Stack>
    );
  }
  return <CertificateView sessionKey={sessionKey} preview={query.data} />;
}

/** /session/{id}/{type_id}/certificate: the survey, then (once answered) the certificate preview and PDF. */
export function CertificatePage() {
  const { t } = useI18n();
  const p = t.learning.pages;
  return (
    <StepGuard step={7} title={p.certificate.title}>
      {(key, detail) => {
        const completed = (detail.step_status ?? 0) >= STEP_STATUS.completed;
        return (
          <Stack gap={0} maw={960}>
            {completed ? (
              <>
                <PageHeading title={p.certificate.title} lead={p.certificate.lead} />
                <CertificateSection sessionKey={key} />
              </>
            ) : (
              <>
                <PageHeading title={p.survey.title} lead={p.survey.lead} />
                <SurveySection sessionKey={key} />
              </>
            )}
          </Stack>
        );
      }}
    </StepGuard>
  );
}

/** /session/{id}/{type_id}/surveyComplete: thanks after the survey (BI courses). */
export function SurveyCompletePage() {
  const { t } = useI18n();
  const p = t.learning.pages.surveyComplete;
  return (
    <StepGuard step={7} title={p.title}>
      {(key) => (
        <Stack gap={0} maw={760}>
          <PageHeading title={p.title} />
          <Stack gap="lg">
            <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
              <Text>{p.body}</Text>
            </Paper>
            <BackToSessionButton sessionKey={key} variant="filled" />
          </Stack>
        </Stack>
      )}
    </StepGuard>
  );
}
