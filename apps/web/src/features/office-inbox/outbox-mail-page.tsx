import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { api, type OutboxMail } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError, call } from '../../lib/api-client.ts';
import { formatDateTime, INBOX_KEY, OUTBOX_STATUS_COLORS, useInboxI18n } from './inbox-i18n.ts';
import classes from './inbox.module.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** /office/outbox/:id: one mail, its body with link tokens masked, and resend when it failed. */
export function OutboxMailPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  if (!Number.isInteger(id) || id < 1) return <Navigate to="/office/outbox" replace />;
  return <Mail id={id} />;
}

function Mail({ id }: { id: number }) {
  const { x, f } = useInboxI18n();
  const mail = useQuery({
    queryKey: [...INBOX_KEY, 'mail', id],
    queryFn: ({ signal }) => call(api.officeOutbox.detail, { params: { id } }, { signal }),
  });
  return (
    <Stack gap="md">
      <PageHeading title={f(x.console.mailTitle, id)} />
      <Anchor component={Link} to="/office/outbox" size="sm">
        {x.console.back}
      </Anchor>
      {mail.isPending ? (
        <ListSkeleton count={3} />
      ) : mail.isError ? (
        <QueryError error={mail.error} onRetry={() => void mail.refetch()} />
      ) : (
        <MailView mail={mail.data} />
      )}
    </Stack>
  );
}

function MailView({ mail }: { mail: OutboxMail }) {
  const { x, t } = useInboxI18n();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const resend = useMutation({
    mutationFn: () => call(api.officeOutbox.resend, { params: { id: mail.id } }),
    onSuccess: async () => {
      setDone(true);
      await queryClient.invalidateQueries({ queryKey: INBOX_KEY });
    },
  });
  return (
    <Stack gap="md">
      {done ? (
        <Alert color="teal" role="status">
          {x.console.resent}
        </Alert>
      ) : null}
      {resend.isError ? (
        <Alert color="red" role="alert">
          {resend.error instanceof ApiRequestError ? resend.error.message : t.errors.generic}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="sm">
            <Badge color={OUTBOX_STATUS_COLORS[mail.status]} variant="filled">
              {x.outboxStatuses[mail.status]}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Fact label={x.console.subject}>
              <span data-user-content>{mail.subject}</span>
            </Fact>
            <Fact label={x.console.to}>
              <span data-user-content>{mail.to}</span>
            </Fact>
            <Fact label={x.fields.template}>
              <span data-user-content>{mail.template ?? x.console.noTemplate}</span>
            </Fact>
            <Fact label={x.console.createdAt}>{formatDateTime(mail.created_at)}</Fact>
            <Fact label={x.console.sentAt}>{mail.sent_at ? formatDateTime(mail.sent_at) : '—'}</Fact>
            <Fact label={x.console.resends}>{mail.resends}</Fact>
          </SimpleGrid>
          {mail.error ? (
            <Fact label={x.console.error}>
              <span data-user-content>{mail.error}</span>
            </Fact>
          ) : null}
        </Stack>
      </Paper>
      {mail.status === 'failed' ? (
        <Group>
          <Button onClick={() => resend.mutate()} loading={resend.isPending} disabled={done}>
            {x.console.resend}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {x.console.resendHint}
        </Text>
      )}
      <Paper withBorder p="md">
        <Text size="xs" c="dimmed" mb="xs">
          {x.console.body}
        </Text>
        <pre className={classes.body} data-user-content data-testid="mail-body">
          {mail.text_body}
        </pre>
      </Paper>
    </Stack>
  );
}
