import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { normalizeEmail, type InstructorRequestView } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { pdfFrameSrc, saveBlob } from '../../lib/download.ts';
import { formatDate, formatYen } from '../../lib/format.ts';
import {
  biKeys,
  downloadCertificate,
  downloadTemplate,
  eligibilityQuery,
  readRequest,
  sendRecommendation,
  sendRequest,
  signPledge,
} from './api/bi-calls.ts';
import { useBiI18n } from './bi-messages.ts';
import {
  BackToMyPage,
  BiErrorPanel,
  BiFrame,
  biStartPath,
  errorText,
  Fact,
  isBiKind,
  StepPanel,
} from './bi-shared.tsx';

/** What the page that composes this one gives for the fee: the card payment or the free completion. */
export type BiPaymentProps = {
  requestId: number;
  courseId: number;
  amount: number;
  onPaid: () => void;
};

/** Automatic retries of the request's reading (spec 001 §4: while the failure counter is 5 or less). */
export const BI_RETRY_LIMIT = 5;

type Step = { request: InstructorRequestView; refresh: () => Promise<unknown> };

function Pledge({ request, refresh }: Step) {
  const { b, t } = useBiI18n();
  const m = b.pledge;
  const [agreed, setAgreed] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const variant = request.variant;
  const sign = useMutation({
    mutationFn: (v: string) => signPledge(request.id, v),
    onSuccess: () => void refresh(),
  });
  // The variant of the member's values is decided on the server; the request has none until signed.
  const eligibility = useQuery({ ...eligibilityQuery(request.course.id), enabled: !variant });
  const shown = variant ?? eligibility.data?.variant ?? null;
  if (!shown)
    return eligibility.isError ? (
      <BiErrorPanel message={errorText(eligibility.error, b.error.title)} />
    ) : (
      <Group justify="center" py="xl" role="status" aria-label={b.loading}>
        <Loader />
      </Group>
    );
  return (
    <StepPanel title={m.title} testId="bi-pledge">
      <Text fw={600} data-testid="bi-pledge-variant">
        {b.variants[shown]}
      </Text>
      <Text>{m.lead}</Text>
      <List spacing="xs" type="ordered" data-testid="bi-pledge-items">
        {[...m.variants[shown], ...m.common].map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!agreed) {
            setConsentError(t.validation.privacyConsent);
            return;
          }
          setConsentError(null);
          sign.mutate(shown);
        }}
      >
        <Stack gap="md">
          <Checkbox
            label={m.consent}
            checked={agreed}
            required
            error={consentError}
            onChange={(event) => {
              setAgreed(event.currentTarget.checked);
              if (event.currentTarget.checked) setConsentError(null);
            }}
          />
          {sign.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(sign.error, b.error.title)}
            </Alert>
          ) : null}
          <Group gap="sm">
            <BackToMyPage />
            <Button type="submit" loading={sign.isPending} data-testid="bi-pledge-submit">
              {m.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </StepPanel>
  );
}

type FormPhase =
  { kind: 'form' } | { kind: 'pay' } | { kind: 'pending' } | { kind: 'error'; message: string };

/** Status 1: the application form, then the fee (card, or the free completion), then the request again. */
function ApplicationAndFee({ request, refresh, Payment }: Step & { Payment: ComponentType<BiPaymentProps> }) {
  const { b, t } = useBiI18n();
  const m = b.application;
  const { user } = useAuth();
  const [phase, setPhase] = useState<FormPhase>({ kind: 'form' });
  const [values, setValues] = useState({
    username: request.username,
    email: request.email || user?.email || '',
    meta: request.meta,
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const send = useMutation({
    mutationFn: (withForm: boolean) =>
      sendRequest({
        certificate_type: 2,
        course_id: request.course.id,
        ...(withForm ? values : {}),
      }),
    onSuccess: () => void refresh(),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === 'NG_NOT_PAYMENT') setPhase({ kind: 'pay' });
      else if (error instanceof ApiRequestError && error.code === 'NG_PENDING_PAYMENT')
        setPhase({ kind: 'pending' });
      else if (error instanceof ApiRequestError && error.status === 400)
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
      else setPhase({ kind: 'error', message: errorText(error, b.error.title) });
    },
  });
  if (phase.kind === 'error') return <BiErrorPanel message={phase.message} />;
  if (phase.kind === 'pending')
    return (
      <StepPanel title={b.waiting.title} testId="bi-waiting">
        <Text>{b.waiting.body}</Text>
        <Group gap="sm">
          <Button onClick={() => send.mutate(false)} loading={send.isPending}>
            {b.reload}
          </Button>
          <Button variant="default" onClick={() => setPhase({ kind: 'pay' })}>
            {b.waiting.backToPayment}
          </Button>
        </Group>
      </StepPanel>
    );
  if (phase.kind === 'pay')
    return (
      <StepPanel title={b.payment.title} testId="bi-payment">
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
          <Fact label={b.payment.fee} testId="bi-fee">
            {request.free ? b.criteria.free : formatYen(request.fee)}
          </Fact>
        </SimpleGrid>
        <Payment
          requestId={request.id}
          courseId={request.course.id}
          amount={request.fee}
          onPaid={() => send.mutate(false)}
        />
      </StepPanel>
    );
  const validate = () => {
    const next: Record<string, string | undefined> = {};
    const required = (label: string) => t.validation.required.replace('{0}', label);
    if (!values.username.trim()) next.username = required(m.name);
    const email = normalizeEmail(values.email);
    if (!email) next.email = required(m.email);
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) next.email = t.validation.emailFormat;
    if (!values.meta.trim()) next.meta = required(m.meta);
    setErrors(next);
    return Object.keys(next).length === 0;
  };
  return (
    <StepPanel title={m.title} testId="bi-application">
      <Text>{m.lead}</Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (validate()) send.mutate(true);
        }}
      >
        <Stack gap="md">
          <TextInput
            label={m.name}
            required
            autoComplete="name"
            value={values.username}
            error={errors.username}
            onChange={(event) => {
              setValues({ ...values, username: event.currentTarget.value });
              setErrors({ ...errors, username: undefined });
            }}
            maw={420}
          />
          <TextInput
            label={m.email}
            type="email"
            required
            autoComplete="email"
            value={values.email}
            error={errors.email}
            onChange={(event) => {
              setValues({ ...values, email: event.currentTarget.value });
              setErrors({ ...errors, email: undefined });
            }}
            maw={420}
          />
          <Textarea
            label={m.meta}
            description={m.metaHelp}
            required
            autosize
            minRows={4}
            value={values.meta}
            error={errors.meta}
            onChange={(event) => {
              setValues({ ...values, meta: event.currentTarget.value });
              setErrors({ ...errors, meta: undefined });
            }}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
          />
          <Alert color="blue" variant="light">
            {m.reply}
          </Alert>
          <Group gap="sm">
            <BackToMyPage />
            <Button type="submit" loading={send.isPending} data-testid="bi-application-submit">
              {m.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </StepPanel>
  );
}

/** Status 2 without the letter: the template, then 'sent by post'. */
function Recommendation({ request, refresh }: Step) {
  const { b } = useBiI18n();
  const m = b.recommendation;
  const [downloaded, setDownloaded] = useState(false);
  const template = useMutation({
    mutationFn: downloadTemplate,
    onSuccess: ({ blob, filename }) => {
      saveBlob(blob, filename ?? m.fileName);
      setDownloaded(true);
    },
  });
  const mail = useMutation({
    mutationFn: () => sendRecommendation(request.id),
    onSuccess: () => void refresh(),
  });
  return (
    <StepPanel title={m.title} testId="bi-recommendation">
      <Alert color="teal" variant="light" role="status">
        {m.lead}
      </Alert>
      <List spacing="xs" type="ordered">
        {m.steps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Button
          variant={downloaded ? 'default' : 'filled'}
          onClick={() => template.mutate()}
          loading={template.isPending}
          data-testid="bi-template"
        >
          {m.download}
        </Button>
      </Group>
      <Text size="sm">{m.mailHelp}</Text>
      {template.isError || mail.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(template.error ?? mail.error, b.error.title)}
        </Alert>
      ) : null}
      <Group gap="sm">
        <BackToMyPage />
        <Button onClick={() => mail.mutate()} loading={mail.isPending} data-testid="bi-mailed">
          {m.mail}
        </Button>
      </Group>
    </StepPanel>
  );
}

function Complete({ request, refresh }: Step) {
  const { b, f } = useBiI18n();
  return (
    <StepPanel title={b.complete.title} testId="bi-complete">
      <Alert color="teal" variant="light" role="status">
        {b.complete.body}
      </Alert>
      <Text size="sm">{f(b.complete.status, b.statuses[request.status as 2] ?? '')}</Text>
      <Group gap="sm">
        <BackToMyPage />
        <Button variant="default" onClick={() => void refresh()}>
          {b.reload}
        </Button>
      </Group>
    </StepPanel>
  );
}

function Rejected({ request }: Step) {
  const { b } = useBiI18n();
  const navigate = useNavigate();
  const { type } = useParams();
  return (
    <StepPanel title={b.rejected.title} testId="bi-rejected">
      <Text>{b.rejected.body}</Text>
      <Alert color="yellow" variant="light">
        <Text fw={700} size="sm">
          {b.rejected.reason}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{request.reject_reason}</Text>
      </Alert>
      <Group gap="sm">
        <BackToMyPage />
        <Button onClick={() => void navigate(biStartPath(request.course.id, type))}>
          {b.rejected.again}
        </Button>
      </Group>
    </StepPanel>
  );
}

function Certificate({ request }: Step) {
  const { b } = useBiI18n();
  const m = b.certificate;
  const c = request.certificate;
  const save = useMutation({
    mutationFn: () => downloadCertificate(request.id),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename ?? c?.name ?? 'certificate.pdf'),
  });
  if (!c) return null;
  return (
    <Stack gap="lg">
      <StepPanel title={m.title} testId="bi-certificate">
        <Alert color="teal" variant="light" role="status">
          {m.lead}
        </Alert>
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
          <Fact label={m.number} testId="bi-certificate-number">
            {c.certificate_number}
          </Fact>
          <Fact label={m.validity}>
            {formatDate(c.start_date)} 〜 {c.end_date ? formatDate(c.end_date) : ''}
          </Fact>
        </SimpleGrid>
        {save.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(save.error, b.error.title)}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button
            onClick={() => save.mutate()}
            loading={save.isPending}
            data-testid="bi-certificate-download"
          >
            {m.download}
          </Button>
          <BackToMyPage />
        </Group>
      </StepPanel>
      <iframe
        src={pdfFrameSrc(c.link)}
        title={m.frame}
        height={580}
        style={{ width: '100%', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
        data-testid="bi-certificate-frame"
      />
    </Stack>
  );
}

function Steps({ requestId, Payment }: { requestId: number; Payment: ComponentType<BiPaymentProps> }) {
  const { b } = useBiI18n();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: biKeys.request(requestId),
    queryFn: () => readRequest(requestId),
    // Transient failures are retried automatically up to the limit, then the waiting page offers Reload;
    // a new visit starts the count again.
    retry: (failures, error) =>
      failures < BI_RETRY_LIMIT && !(error instanceof ApiRequestError && error.status < 500),
    retryDelay: 1000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: biKeys.request(requestId) });
  if (query.isPending)
    return (
      <Group justify="center" py="xl" role="status" aria-label={b.loading}>
        <Loader />
      </Group>
    );
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404)
      return <Navigate to="/404" replace />;
    if (query.error instanceof ApiRequestError && query.error.status < 500)
      return <BiErrorPanel message={errorText(query.error, b.error.title)} />;
    return (
      <StepPanel title={b.waiting.title} testId="bi-waiting">
        <Text>{b.waiting.body}</Text>
        <Button onClick={() => void query.refetch()} style={{ alignSelf: 'flex-start' }}>
          {b.reload}
        </Button>
      </StepPanel>
    );
  }
  const request = query.data;
  const step = { request, refresh };
  switch (request.status) {
    case 0:
      return <Pledge {...step} />;
    case 1:
      return <ApplicationAndFee {...step} Payment={Payment} />;
    case 2:
      return request.recommendation ? <Complete {...step} /> : <Recommendation {...step} />;
    case 3:
      return <Certificate {...step} />;
    default:
      return <Rejected {...step} />;
  }
}

/**
 * /certificate/{courseId}/{type}/basic-instructor/request-certificate/{requestId}: the request's step
 * (spec 001 §2, §4): the pledge (0), the application form and the fee (1), the recommendation letter and
 * the application-complete page (2), the certificate (3), the rejection (4).
 */
export function BiRequestStepsPage({ Payment }: { Payment: ComponentType<BiPaymentProps> }) {
  const { type, requestId } = useParams();
  const id = Number(requestId);
  if (!isBiKind(type) || !Number.isInteger(id) || id < 1) return <Navigate to="/404" replace />;
  return (
    <BiFrame>
      <Steps requestId={id} Payment={Payment} />
    </BiFrame>
  );
}
