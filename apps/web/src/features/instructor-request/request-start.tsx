import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { InstructorEligibility } from '@mels/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate, formatYen, todayInJapan } from '../../lib/format.ts';
import { eligibilityQuery, sendRequest } from './api/bi-calls.ts';
import { useBiI18n } from './bi-messages.ts';
import {
  BackToMyPage,
  BiErrorPanel,
  BiFrame,
  biRequestPath,
  errorText,
  isBiKind,
  StepPanel,
} from './bi-shared.tsx';

/** The occupation cannot be certified (or the department); the assistant nurse's dialog (spec 001 §5). */
function NotEligible({ e }: { e: InstructorEligibility }) {
  const { b } = useBiI18n();
  const navigate = useNavigate();
  if (e.reason === 'assistantNurse')
    return (
      <>
        <Modal
          opened
          onClose={() => void navigate('/my-page/completed')}
          title={b.assistantNurse.title}
          centered
          closeButtonProps={{ 'aria-label': b.assistantNurse.close }}
        >
          <Stack gap="md">
            <Text>{b.assistantNurse.body}</Text>
            <Button onClick={() => void navigate('/my-page/completed')} style={{ alignSelf: 'flex-end' }}>
              {b.assistantNurse.close}
            </Button>
          </Stack>
        </Modal>
        <StepPanel title={b.notEligible.title} testId="bi-not-eligible">
          <Text>{b.assistantNurse.body}</Text>
          <BackToMyPage />
        </StepPanel>
      </>
    );
  return (
    <StepPanel title={b.notEligible.title} testId="bi-not-eligible">
      <Alert color="yellow" variant="light">
        {e.reason === 'department' ? b.notEligible.department : b.notEligible.occupation}
      </Alert>
      <Text size="sm">{b.notEligible.occupations}</Text>
      <Group gap="sm">
        <BackToMyPage />
        <Button component={Link} to="/my-page/info" variant="subtle">
          {b.notEligible.profileLink}
        </Button>
      </Group>
    </StepPanel>
  );
}

/** The requirements-unmet page: exactly what is missing, with the sessions that count. */
function Unmet({ e }: { e: InstructorEligibility }) {
  const { b, f } = useBiI18n();
  const m = b.unmet;
  const closed = e.counts_until !== null && e.counts_until < todayInJapan() && e.missing_sessions > 0;
  return (
    <StepPanel title={m.title} testId="bi-unmet">
      <Text>{m.lead}</Text>
      <List spacing="xs" data-testid="bi-missing">
        {e.missing.includes('course') ? <List.Item>{m.course}</List.Item> : null}
        {e.missing.includes('year') && e.request_from ? (
          <List.Item>{f(m.year, formatDate(e.request_from))}</List.Item>
        ) : null}
        {e.missing.includes('sessions') ? (
          <List.Item>
            <Text fw={700} span>
              {f(m.sessions, e.missing_sessions)}
            </Text>{' '}
            {e.counts_until
              ? closed
                ? f(m.sessionsClosed, formatDate(e.counts_until))
                : f(m.sessionsUntil, formatDate(e.counts_until))
              : null}
          </List.Item>
        ) : null}
      </List>
      {e.course_completed_on ? (
        <Text size="sm">{f(m.completed, formatDate(e.course_completed_on))}</Text>
      ) : null}
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {f(m.countedTitle, e.counted_sessions.length, e.required_sessions ?? 0)}
        </Text>
        {e.counted_sessions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.none}
          </Text>
        ) : (
          <Table withTableBorder striped>
            <Table.Tbody>
              {e.counted_sessions.map((s) => (
                <Table.Tr key={s.training_id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(s.event_date)}</Table.Td>
                  <Table.Td>{s.name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Group gap="sm">
        <BackToMyPage />
        <Anchor component={Link} to="/contact-us" size="sm">
          {m.contact}
        </Anchor>
      </Group>
    </StepPanel>
  );
}

/** The criteria page: the rules, the member's own records, then the request starts (the system check). */
function Criteria({ e, kind }: { e: InstructorEligibility; kind: string }) {
  const { b, f } = useBiI18n();
  const m = b.criteria;
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => sendRequest({ certificate_type: 2, course_id: e.course.id }),
    onSuccess: (answer) => void navigate(biRequestPath(e.course.id, answer.request_id, kind)),
  });
  return (
    <StepPanel title={m.title} testId="bi-criteria">
      <Text>{m.lead}</Text>
      <List spacing="xs" type="ordered">
        {m.items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      <Alert color="blue" variant="light">
        <Stack gap={4}>
          <Text fw={700} size="sm" component="h3" m={0}>
            {m.yourRecords}
          </Text>
          {e.variant ? <Text size="sm">{f(m.variant, b.variants[e.variant])}</Text> : null}
          {e.course_completed_on ? (
            <Text size="sm">{f(m.completed, formatDate(e.course_completed_on))}</Text>
          ) : null}
          <Text size="sm">{f(m.counted, e.counted_sessions.length, e.required_sessions ?? 0)}</Text>
          <Text size="sm">{f(m.fee, e.free ? m.free : formatYen(e.fee))}</Text>
        </Stack>
      </Alert>
      {start.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(start.error, b.error.title)}
        </Alert>
      ) : null}
      <Group gap="sm">
        <BackToMyPage />
        <Button onClick={() => start.mutate()} loading={start.isPending} data-testid="bi-start">
          {m.start}
        </Button>
      </Group>
    </StepPanel>
  );
}

function Start({ courseId, kind }: { courseId: number; kind: string }) {
  const { b } = useBiI18n();
  const query = useQuery(eligibilityQuery(courseId));
  const navigate = useNavigate();
  const open = query.data?.open_request;
  // A request already under way continues where it is (the pledge, the fee, the letter, the certificate).
  useEffect(() => {
    if (open && open.status > 0) void navigate(biRequestPath(courseId, open.id, kind), { replace: true });
  }, [open, courseId, kind, navigate]);
  if (query.isPending)
    return (
      <Group justify="center" py="xl" role="status" aria-label={b.loading}>
        <Loader />
      </Group>
    );
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404)
      return <Navigate to="/404" replace />;
    if (query.error instanceof ApiRequestError && query.error.status >= 400 && query.error.status < 500)
      return <BiErrorPanel message={errorText(query.error, b.error.title)} />;
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const e = query.data;
  if (e.kind === 'notEligible') return <NotEligible e={e} />;
  if (e.kind === 'unmet') return <Unmet e={e} />;
  return <Criteria e={e} kind={kind} />;
}

/** /certificate/{courseId}/{type}/basic-instructor/request-certificate: who may ask, then the criteria. */
export function BiRequestStartPage() {
  const { courseId, type } = useParams();
  const id = Number(courseId);
  if (!isBiKind(type) || !Number.isInteger(id) || id < 1) return <Navigate to="/404" replace />;
  return (
    <BiFrame>
      <Start courseId={id} kind={type} />
    </BiFrame>
  );
}

/**
 * /certificate/{courseId}/{type}/basic-instructor/{code}: the request for a course taken in the older
 * system, proven by its code (attendance code, or the certificate number for certificate-no). An unknown
 * code, or one recorded under another address, asks for the address used at the time (the email form).
 */
function ByCode({ courseId, kind, code }: { courseId: number; kind: string; code: string }) {
  const { b, t } = useBiI18n();
  const navigate = useNavigate();
  const [askEmail, setAskEmail] = useState(false);
  const [email, setEmail] = useState('');
  const field = kind === 'certificate-no' ? 'certificate_code' : 'attendance_code';
  const start = useMutation({
    mutationFn: (withEmail?: string) =>
      sendRequest({
        certificate_type: 2,
        course_id: courseId,
        [field]: code,
        ...(withEmail ? { email: withEmail } : {}),
      }),
    onSuccess: (answer) => void navigate(biRequestPath(courseId, answer.request_id, kind)),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === 'NG_CERTIFICATE_CODE') setAskEmail(true);
    },
  });
  const failed =
    start.isError &&
    !(start.error instanceof ApiRequestError && start.error.code === 'NG_CERTIFICATE_CODE' && !email);
  return (
    <StepPanel title={b.criteria.title} testId="bi-by-code">
      <Text>{b.criteria.lead}</Text>
      <Text fw={600}>{code}</Text>
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(start.error, b.error.title)}
        </Alert>
      ) : null}
      {askEmail ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (email.trim()) start.mutate(email.trim());
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={b.application.email}
              type="email"
              required
              value={email}
              error={email.trim() ? null : t.validation.required.replace('{0}', b.application.email)}
              onChange={(event) => setEmail(event.currentTarget.value)}
              maw={420}
            />
            <Button type="submit" loading={start.isPending} style={{ alignSelf: 'flex-start' }}>
              {b.next}
            </Button>
          </Stack>
        </form>
      ) : (
        <Group gap="sm">
          <BackToMyPage />
          <Button onClick={() => start.mutate(undefined)} loading={start.isPending}>
            {b.criteria.start}
          </Button>
        </Group>
      )}
    </StepPanel>
  );
}

export function BiRequestCodePage() {
  const { courseId, type, code } = useParams();
  const id = Number(courseId);
  if (!isBiKind(type) || !Number.isInteger(id) || id < 1 || !code) return <Navigate to="/404" replace />;
  return (
    <BiFrame>
      <ByCode courseId={id} kind={type} code={code} />
    </BiFrame>
  );
}
