import { AddToCalendarLink } from '../../components/add-to-calendar-link.tsx';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  activityBadge,
  CANCEL_REQUEST_STATUS,
  cancelStateOf,
  STEP_STATUS,
  type SessionDetail,
  type StepStatus,
} from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate, formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useActivityLabel } from '../../components/activity-status.tsx';
import { requestCancel, sessionDetailQuery, sessionKeys, type SessionKey } from './api/session-calls.ts';
import { sessionPath, useSessionKey } from './session-params.ts';
import { SessionNotFound, SessionSkeleton } from './session-shared.tsx';
import classes from './session.module.css';
import { fillTemplate } from '../../lib/user-content.tsx';

function Fact({
  label,
  children,
  userContent,
}: {
  label: string;
  children: ReactNode;
  userContent?: boolean;
}) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd data-user-content={userContent || undefined}>{children}</dd>
    </div>
  );
}

/** Where an active step leads: each step has its page (the ticket stage (5) by where the enrolment stands). */
function stepTarget(step: number, detail: SessionDetail, k: SessionKey) {
  if (step === 1) return { to: sessionPath(k, 'payment'), action: 'registration' };
  if (step === 2) return { to: `${sessionPath(k)}/prevideo`, action: 'prevideo' };
  if (step === 3) return { to: `${sessionPath(k)}/pretest`, action: 'pretest' };
  if (step === 6) return { to: `${sessionPath(k)}/posttest`, action: 'posttest' };
  if (step === 7) return { to: `${sessionPath(k)}/certificate`, action: 'survey' };
  if (step === 4) return { to: sessionPath(k, 'application'), action: 'application' };
  if (step === 5) {
    if (detail.next_route === 'ticket') return { to: sessionPath(k, 'ticket'), action: 'ticket' };
    if (detail.next_route === 'agreement') return { to: sessionPath(k, 'agreement'), action: 'agreement' };
    if (detail.next_route === 'waiting') return { to: sessionPath(k, 'agreement'), action: 'waiting' };
    if (detail.next_route === 'payment') return { to: sessionPath(k, 'agreement'), action: 'pay' };
    if (detail.next_route === 'choose') return { to: sessionPath(k, 'agreement'), action: 'choose' };
  }
  return null;
}

function StepList({ detail, sessionKey }: { detail: SessionDetail; sessionKey: SessionKey }) {
  const { t, f } = useI18n();
  const s = t.session;
  return (
    <ol className={classes.steps} aria-label={s.stepsTitle}>
      {detail.steps.map(({ step, state }) => {
        const target =
          state === 'active'
            ? stepTarget(step, detail, sessionKey)
            : (state === 'finished' || state === 'bi_finished') && step === 7
              ? { to: `${sessionPath(sessionKey)}/certificate`, action: 'certificate' }
              : null;
        const awaitingPayment =
          state === 'active' &&
          step === 5 &&
          (detail.next_route === 'payment' || detail.next_route === 'choose');
        return (
          <li
            key={step}
            className={classes.step}
            data-state={state}
            data-testid={`step-${step}`}
            aria-current={state === 'active' ? 'step' : undefined}
          >
            <span className={classes.stepNumber}>{f(s.stepNumber, step)}</span>
            <span className={classes.stepName}>{s.steps[step]}</span>
            <Badge
              variant={state === 'disabled' ? 'light' : 'filled'}
              color={state === 'disabled' ? 'gray' : state === 'active' ? 'rose' : 'teal.9'}
              c={state === 'disabled' ? 'gray.8' : undefined}
            >
              {s.state[state]}
            </Badge>
            {target ? (
              <Button component={Link} to={target.to} size="sm" className={classes.stepAction}>
                {s.stepAction[target.action] ?? t.learning.pages.stepAction[target.action]}
              </Button>
            ) : null}
            {awaitingPayment ? (
              <Text size="sm" c="dimmed" w="100%">
                {s.paymentPending}
              </Text>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** Cancellation: a request the office approves; confirmed in a dialog because it cannot be undone. */
function CancelSection({ detail, sessionKey }: { detail: SessionDetail; sessionKey: SessionKey }) {
  const { t } = useI18n();
  const c = t.session.cancel;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => requestCancel(sessionKey),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all(sessionKey) });
    },
  });
  const status = detail.step_status;
  const pending = detail.training_user_cancel?.status === CANCEL_REQUEST_STATUS.awaitingApproval;
  const cancellable =
    status !== null && status >= STEP_STATUS.applying && status <= STEP_STATUS.attending && status !== 7;
  if (detail.is_cancelled)
    return (
      <Button variant="default" disabled>
        {c.done}
      </Button>
    );
  if (pending)
    return (
      <Stack gap="xs" align="flex-start">
        {mutation.isSuccess ? (
          <Text size="sm" role="status">
            {c.sent}
          </Text>
        ) : null}
        <Button variant="default" disabled>
          {c.pending}
        </Button>
      </Stack>
    );
  if (!cancellable) return null;
  return (
    <>
      <Button variant="outline" color="red.9" onClick={() => setOpen(true)}>
        {c.button}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={c.title}
        centered
        closeButtonProps={{ 'aria-label': t.app.close }}
      >
        <Stack>
          <Text>{c.body}</Text>
          {mutation.isError ? (
            <Alert color="red" variant="light" role="alert">
              {mutation.error instanceof ApiRequestError ? mutation.error.message : t.errors.generic}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {c.keep}
            </Button>
            <Button color="red.9" loading={mutation.isPending} onClick={() => mutation.mutate()}>
              {c.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function SessionBody({ detail, sessionKey }: { detail: SessionDetail; sessionKey: SessionKey }) {
  const { t, f } = useI18n();
  const s = t.session;
  const status = detail.step_status;
  const methods = detail.payments_methods.map((p) => p.payment_method_id);
  // The notes the member should read before committing (spec 000 §3), not only at the agreement.
  const notes = (
    [
      [s.registerNoteLabel, detail.register_date_note],
      [s.applyNoteLabel, detail.apply_date_note],
      [s.noteLabel, detail.note],
    ] as const
  ).filter(([, text]) => text.trim() !== '');
  const statusWord = useActivityLabel();
  // The member's label of packages/domain (decision 022): キャンセル済み, never 落選, for a cancelled booking.
  const badge =
    status === null || status < STEP_STATUS.applying
      ? null
      : activityBadge({
          selection: detail.selection === 'lottery' ? 'lottery' : 'first_come',
          status: status as StepStatus,
          userTypeId: detail.user_type.id,
          paymentMethodIds: detail.payments_methods.map((p) => p.payment_method_id),
          hasAssistantApproval: detail.training_assistant_approve_users === 1,
          wonOtherSessionSameCourse: detail.is_win_other_training_same_course,
          sessionActive: detail.is_active === 1,
          cancel: cancelStateOf(detail.training_user_cancel?.status ?? null),
        });
  return (
    <Stack gap="xl">
      <div>
        <Group gap="xs" mb="xs">
          <Badge variant="light" color="rose" c="rose.9" size="lg">
            {(t.userTypes as Record<number, string>)[detail.user_type.id] ?? detail.user_type.type}
          </Badge>
          {detail.is_active === 0 ? (
            <Badge color="red" size="lg">
              {s.cancelledBadge}
            </Badge>
          ) : null}
          {badge !== null && badge !== 'sessionCancelled' ? (
            <Badge variant="outline" color="teal" c="teal.9" size="lg" data-badge={badge}>
              {s.statusLabel}: {statusWord(badge)}
            </Badge>
          ) : null}
        </Group>
        <PageHeading title={detail.name} userContent />
        <Group gap="lg" mt={-8}>
          <Anchor component={Link} to={`/course/${detail.course.id}`}>
            {fillTemplate(s.courseLink, detail.course.name)}
          </Anchor>
          {detail.course.intro_video ? (
            <Anchor href={detail.course.intro_video} target="_blank" rel="noopener noreferrer">
              {s.introVideo}
            </Anchor>
          ) : null}
        </Group>
        {detail.is_active === 1 ? (
          <Group mt="sm">
            <AddToCalendarLink trainingId={sessionKey.id} userTypeId={sessionKey.typeId} />
          </Group>
        ) : null}
      </div>

      {detail.warnings.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          title={s.warningsTitle}
          data-testid="session-warnings"
          styles={{ title: { color: '#8a2c0d' } }}
        >
          <List size="sm" spacing={4}>
            {detail.warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}

      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <dl className={classes.facts}>
          {detail.sponsor_by ? (
            <Fact label={s.sponsorLabel} userContent>
              {detail.sponsor_by}
            </Fact>
          ) : null}
          {detail.target ? (
            <Fact label={s.targetLabel} userContent>
              {detail.target}
            </Fact>
          ) : null}
          <Fact label={s.areaLabel} userContent>
            {detail.area}
          </Fact>
          <Fact label={s.dateLabel}>
            {`${formatDate(detail.event_date)} ${detail.event_start_time.slice(0, 5)}${t.app.range}${detail.event_end_time.slice(0, 5)}`}
          </Fact>
          <Fact label={s.venueLabel} userContent>
            {[detail.venue_name, detail.venue].filter(Boolean).join('\n')}
          </Fact>
          <Fact label={s.capacityLabel}>{f(s.capacityValue, detail.capacity, detail.participant)}</Fact>
          {detail.is_student ? (
            <Fact label={s.feeLabel}>{detail.price === 0 ? s.free : formatYen(detail.price)}</Fact>
          ) : null}
          {s.selection[detail.selection] ? (
            <Fact label={s.selectionLabel}>{s.selection[detail.selection]}</Fact>
          ) : null}
          <Fact label={s.applyWindowLabel}>
            {`${formatDate(detail.apply_start_date)}${t.app.range}${formatDate(detail.apply_end_date)}`}
          </Fact>
          {detail.is_student && detail.price > 0 && methods.length > 0 ? (
            <Fact label={s.paymentMethodsLabel}>
              <span data-testid="session-payment-methods">
                {methods.map((id) => t.paymentMethods[id as 1 | 2 | 3] ?? '').join(t.app.separator)}
              </span>
            </Fact>
          ) : null}
        </dl>
      </Paper>

      {notes.length > 0 ? (
        <Box component="section" aria-labelledby="session-notes">
          <Title order={2} fz={20} id="session-notes" mb="sm">
            {s.notesTitle}
          </Title>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <dl className={classes.facts} data-testid="session-notes">
              {notes.map(([label, text]) => (
                <Fact key={label} label={label} userContent>
                  {text}
                </Fact>
              ))}
            </dl>
          </Paper>
        </Box>
      ) : null}

      {detail.documents.length > 0 ? (
        <Box component="section" aria-labelledby="session-documents">
          <Title order={2} fz={20} id="session-documents" mb="sm">
            {s.documents}
          </Title>
          <ul className={classes.documents}>
            {detail.documents.map((d) => (
              <li key={d.id}>
                <Anchor href={d.link} download>
                  {d.name}
                </Anchor>
              </li>
            ))}
          </ul>
        </Box>
      ) : null}

      <Box component="section" aria-labelledby="session-steps">
        <Title order={2} fz={20} id="session-steps">
          {s.stepsTitle}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {s.stepsLead}
        </Text>
        <StepList detail={detail} sessionKey={sessionKey} />
      </Box>

      <Group>
        <CancelSection detail={detail} sessionKey={sessionKey} />
      </Group>
    </Stack>
  );
}

/** /session/{id}/{type_id}: the session, its documents, the workflow steps, warnings and cancellation. */
export function SessionPage() {
  const { t } = useI18n();
  const key = useSessionKey();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const returnedFromPayment = searchParams.get('payment') === 'true';
  // Back from a payment (…?payment=true): what the session shows has changed; reload it, then drop the flag.
  useEffect(() => {
    if (!returnedFromPayment || !key) return;
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all(key) });
    setSearchParams(
      (params) => {
        params.delete('payment');
        return params;
      },
      { replace: true },
    );
  }, [returnedFromPayment, key, queryClient, setSearchParams]);
  const query = useQuery({
    ...sessionDetailQuery(key ?? { id: 0, typeId: 0 }),
    enabled: key !== null,
  });
  if (!key) return <SessionNotFound />;
  if (query.isPending) return <SessionSkeleton title={t.session.fallbackTitle} />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) return <SessionNotFound />;
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <SessionBody detail={query.data} sessionKey={key} />;
}
