import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { api, CONTACT_STATUSES, type ContactDetail, type ContactStatus } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError, call } from '../../lib/api-client.ts';
import { CONTACT_STATUS_COLORS, formatDateTime, INBOX_KEY, useInboxI18n } from './inbox-i18n.ts';
import classes from './inbox.module.css';

const fieldError = (error: unknown, field: string) =>
  error instanceof ApiRequestError ? error.errors[field]?.[0] : undefined;
const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback;

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

/** /office/contacts/:id: one message, its handling (status, assignee), its thread, a note and a reply. */
export function ContactPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  if (!Number.isInteger(id) || id < 1) return <Navigate to="/office/contacts" replace />;
  return <Contact id={id} />;
}

function Contact({ id }: { id: number }) {
  const { x, f } = useInboxI18n();
  const contact = useQuery({
    queryKey: [...INBOX_KEY, 'contact', id],
    queryFn: ({ signal }) => call(api.officeContacts.detail, { params: { id } }, { signal }),
  });
  return (
    <Stack gap="md">
      <PageHeading title={f(x.console.contactTitle, id)} />
      <Anchor component={Link} to="/office/contacts" size="sm">
        {x.console.back}
      </Anchor>
      {contact.isPending ? (
        <ListSkeleton count={3} />
      ) : contact.isError ? (
        <QueryError error={contact.error} onRetry={() => void contact.refetch()} />
      ) : (
        <ContactView contact={contact.data} />
      )}
    </Stack>
  );
}

function ContactView({ contact }: { contact: ContactDetail }) {
  const { x, t, f } = useInboxI18n();
  const queryClient = useQueryClient();
  const staff = useQuery({
    queryKey: [...INBOX_KEY, 'staff'],
    queryFn: ({ signal }) => call(api.officeContacts.staff, undefined, { signal }),
  });
  const [status, setStatus] = useState<ContactStatus>(contact.status);
  const [assignee, setAssignee] = useState<string>(contact.assignee ? String(contact.assignee.id) : '');
  const [note, setNote] = useState('');
  const [reply, setReply] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const refresh = async (next: ContactDetail | null) => {
    if (next) queryClient.setQueryData([...INBOX_KEY, 'contact', contact.id], next);
    await queryClient.invalidateQueries({ queryKey: INBOX_KEY });
  };
  const save = useMutation({
    mutationFn: () =>
      call(api.officeContacts.update, {
        params: { id: contact.id },
        body: { status, assignee_id: assignee ? Number(assignee) : null },
      }),
    onSuccess: async (next) => {
      setDone(x.console.saved);
      await refresh(next);
    },
  });
  const addNote = useMutation({
    mutationFn: () => call(api.officeContacts.note, { params: { id: contact.id }, body: { body: note } }),
    onSuccess: async () => {
      setNote('');
      setDone(x.console.noteAdded);
      await refresh(null);
    },
  });
  const sendReply = useMutation({
    mutationFn: () => call(api.officeContacts.reply, { params: { id: contact.id }, body: { body: reply } }),
    onSuccess: async () => {
      setReply('');
      setConfirming(false);
      setStatus('answered');
      setDone(x.console.replySent);
      await refresh(null);
    },
    onError: () => setConfirming(false),
  });

  const submitSave = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    save.mutate();
  };
  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    addNote.mutate();
  };
  const submitReply = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (reply.trim()) setConfirming(true);
    else sendReply.mutate();
  };

  return (
    <Stack gap="lg">
      {done ? (
        <Alert
          color="teal"
          role="status"
          withCloseButton
          onClose={() => setDone(null)}
          closeButtonLabel={t.app.close}
        >
          {done}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="sm">
            <Badge color={CONTACT_STATUS_COLORS[contact.status]} variant="filled">
              {x.contactStatuses[contact.status]}
            </Badge>
            <Text size="sm" c="dimmed">
              {formatDateTime(contact.created_at)}
            </Text>
          </Group>
          <Title order={2} fz="lg" data-user-content>
            {contact.subject}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Fact label={x.console.sender}>
              <span data-user-content>{contact.client_name}</span>
            </Fact>
            <Fact label={x.console.email}>
              <Anchor href={`mailto:${contact.client_email}`} data-user-content>
                {contact.client_email}
              </Anchor>
            </Fact>
            <Fact label={x.console.workplace}>
              <span data-user-content>{contact.location_work}</span>
            </Fact>
            <Fact label={x.console.language}>{x.languages[contact.language]}</Fact>
          </SimpleGrid>
          <Fact label={x.console.content}>
            <pre className={classes.body} data-user-content>
              {contact.content}
            </pre>
          </Fact>
        </Stack>
      </Paper>

      <form onSubmit={submitSave} aria-label={x.fields.status} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={x.fields.status}
            data={CONTACT_STATUSES.map((s) => ({ value: s, label: x.contactStatuses[s] }))}
            value={status}
            onChange={(v) => v && setStatus(v as ContactStatus)}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
            error={fieldError(save.error, 'status')}
          />
          <Select
            label={x.fields.assignee}
            data={[
              { value: '', label: x.console.unassigned },
              ...(staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            value={assignee}
            onChange={(v) => setAssignee(v ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
            error={fieldError(save.error, 'assignee_id')}
          />
          <Button type="submit" loading={save.isPending}>
            {x.console.save}
          </Button>
        </Group>
        {save.isError && !fieldError(save.error, 'status') && !fieldError(save.error, 'assignee_id') ? (
          <Text c="red.8" size="sm" role="alert" mt="xs">
            {messageOf(save.error, t.errors.generic)}
          </Text>
        ) : null}
      </form>

      <Stack gap="sm">
        <Title order={2} fz="lg">
          {x.console.thread}
        </Title>
        {contact.entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {x.console.noEntries}
          </Text>
        ) : (
          <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {contact.entries.map((e) => (
              <li
                key={e.id}
                className={`${classes.entry} ${e.kind === 'reply' ? classes.reply : classes.note}`}
              >
                <Group gap="xs" mb={4} wrap="wrap">
                  <Text size="sm" fw={700}>
                    {e.kind === 'reply' ? x.console.replyEntry : x.console.noteEntry}
                  </Text>
                  <Text size="xs" c="dimmed" data-user-content>
                    {e.author?.name ?? x.console.unknownAuthor}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(e.created_at)}
                  </Text>
                </Group>
                <pre className={classes.body} data-user-content>
                  {e.body}
                </pre>
              </li>
            ))}
          </Stack>
        )}
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <form onSubmit={submitReply} aria-label={x.console.sendReply} noValidate>
          <Stack gap="xs">
            <Textarea
              label={x.fields.reply}
              description={f(x.console.replyHint, contact.client_email, x.languages[contact.language])}
              value={reply}
              onChange={(e) => setReply(e.currentTarget.value)}
              autosize
              minRows={5}
              error={fieldError(sendReply.error, 'body')}
            />
            {sendReply.isError && !fieldError(sendReply.error, 'body') ? (
              <Text c="red.8" size="sm" role="alert">
                {messageOf(sendReply.error, t.errors.generic)}
              </Text>
            ) : null}
            <Group>
              <Button type="submit" loading={sendReply.isPending}>
                {x.console.sendReply}
              </Button>
            </Group>
          </Stack>
        </form>
        <form onSubmit={submitNote} aria-label={x.console.addNote} noValidate>
          <Stack gap="xs">
            <Textarea
              label={x.fields.note}
              description={x.console.noteHint}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              autosize
              minRows={3}
              error={fieldError(addNote.error, 'body')}
            />
            {addNote.isError && !fieldError(addNote.error, 'body') ? (
              <Text c="red.8" size="sm" role="alert">
                {messageOf(addNote.error, t.errors.generic)}
              </Text>
            ) : null}
            <Group>
              <Button type="submit" variant="default" loading={addNote.isPending}>
                {x.console.addNote}
              </Button>
            </Group>
          </Stack>
        </form>
      </SimpleGrid>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={x.console.replyConfirm}
        closeButtonProps={{ 'aria-label': t.app.close }}
      >
        <Stack gap="md">
          <pre className={classes.body} data-user-content>
            {reply}
          </pre>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {x.console.cancel}
            </Button>
            <Button onClick={() => sendReply.mutate()} loading={sendReply.isPending}>
              {x.console.sendReply}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
