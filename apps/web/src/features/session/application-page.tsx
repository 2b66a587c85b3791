import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { STEP_STATUS } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { PrivacyNote } from '../../components/privacy-note.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  applicationQuery,
  applyForSession,
  sessionKeys,
  type ApplicationData,
  type ApplyResult,
  type SessionKey,
} from './api/session-calls.ts';
import { sessionPath, useSessionKey } from './session-params.ts';
import { BackToSession, ConsentForm, SessionNotFound, SessionSkeleton } from './session-shared.tsx';
import classes from './session.module.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function resultKey(status: number): 'won' | 'lottery' | 'approval' | 'payment' {
  if (status === STEP_STATUS.awaitingLottery) return 'lottery';
  if (status === STEP_STATUS.applying) return 'approval';
  if (status === STEP_STATUS.awaitingPayment) return 'payment';
  return 'won';
}

function Completion({ result, sessionKey }: { result: ApplyResult; sessionKey: SessionKey }) {
  const { t } = useI18n();
  const a = t.session.application;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720} mx="auto">
      <PageHeading title={a.completeTitle} />
      <Text role="status" data-testid="application-result">
        {a.result[resultKey(result.status)]}
      </Text>
      <Button component={Link} to={sessionPath(sessionKey)} mt="lg">
        {t.session.backToSession}
      </Button>
    </Paper>
  );
}

function ApplicationForm({
  data,
  sessionKey,
  onDone,
}: {
  data: ApplicationData;
  sessionKey: SessionKey;
  onDone: (r: ApplyResult) => void;
}) {
  const { t } = useI18n();
  const a = t.session.application;
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => applyForSession(sessionKey),
    onSuccess: (r) => {
      onDone(r);
      void queryClient.invalidateQueries({ queryKey: [...sessionKeys.all(sessionKey), 'detail'] });
    },
  });
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <PageHeading title={a.title} lead={a.lead} />
      <Paper
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="application-session"
      >
        <Title order={2} fz={18} id="application-session" mb="sm">
          {a.session}
        </Title>
        <dl className={classes.facts}>
          <Fact label={a.session}>{data.training.name}</Fact>
          <Fact label={t.session.dateLabel}>{formatDate(data.training.event_date)}</Fact>
          <Fact label={t.session.userTypeLabel}>{data.user_type.type}</Fact>
        </dl>
      </Paper>
      <Paper
        withBorder
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="application-applicant"
      >
        <Title order={2} fz={18} id="application-applicant" mb="sm">
          {a.applicant}
        </Title>
        <dl className={classes.facts}>
          <Fact label={a.name}>{data.applicant.fullname}</Fact>
          <Fact label={a.kana}>{data.applicant.fullname_kana}</Fact>
          <Fact label={a.email}>{data.applicant.email}</Fact>
          <Fact label={a.occupation}>{data.applicant.occupation_name}</Fact>
          <Fact label={a.workplace}>{data.applicant.location_work}</Fact>
        </dl>
      </Paper>
      <ConsentForm
        consent={a.consent}
        required={a.consentRequired}
        submit={a.submit}
        onConfirm={() => mutation.mutate()}
        pending={mutation.isPending}
        failure={mutation.error}
      >
        <PrivacyNote sentence={a.consentNote} linkLabel={a.privacyLink} />
      </ConsentForm>
    </Stack>
  );
}

/** /session/{id}/{type_id}/application: confirm the applicant's details, consent, apply, and the result. */
export function ApplicationPage() {
  const { t } = useI18n();
  const key = useSessionKey();
  const [result, setResult] = useState<ApplyResult | null>(null);
  const query = useQuery({
    ...applicationQuery(key ?? { id: 0, typeId: 0 }),
    enabled: key !== null && result === null,
  });
  const title = t.session.application.title;
  if (!key) return <SessionNotFound title={title} />;
  if (result) return <Completion result={result} sessionKey={key} />;
  if (query.isPending) return <SessionSkeleton title={title} />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404)
      return <SessionNotFound title={title} />;
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  }
  // Guard (§2): the application step cannot be taken now → the detail page, which shows why.
  if (!query.data.can_apply) return <Navigate to={sessionPath(key)} replace />;
  return (
    <>
      <ApplicationForm data={query.data} sessionKey={key} onDone={setResult} />
      <BackToSession sessionKey={key} />
    </>
  );
}
