import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  api,
  PAYMENT_METHOD_IDS,
  RECRUITABLE_USER_TYPES,
  type OfficeSession,
  type RecruitmentInput,
  type SessionCreate,
} from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { formatYen } from '../../lib/format.ts';
import { CATALOGUE_KEY, useCatalogueI18n } from './catalogue-i18n.ts';
import { CatalogueDates, DateField, DateTimeField, TimeField } from './dates.tsx';
import { errorOf, fieldErrors, messageOf } from './form-errors.ts';
import { StateBadge } from './sessions-page.tsx';
import classes from './catalogue.module.css';

type Row = Omit<RecruitmentInput, 'description'> & {
  description: string;
  /** What members did (an existing recruitment), for the row's line and the locks. */
  facts?: { participant: number; applicants: number; paid_orders: number };
};

type SessionForm = Omit<SessionCreate, 'users_types' | 'course_id' | 'area' | 'event_date'> & {
  course_id: number | null;
  area: number | null;
  event_date: string | null;
  users_types: Row[];
};

const EMPTY: SessionForm = {
  course_id: null,
  name: '',
  area: null,
  event_date: null,
  event_start_time: '10:00',
  event_end_time: '16:00',
  start_time_morning: null,
  end_time_morning: null,
  start_time_afternoon: null,
  end_time_afternoon: null,
  sponsor_by: '',
  venue: '',
  venue_name: '',
  target: '',
  note: '',
  register_date_note: '',
  apply_date_note: '',
  status: 'draft',
  payment_method_ids: [],
  users_types: [],
};

function formOf(s: OfficeSession): SessionForm {
  return {
    ...s,
    payment_method_ids: s.payment_method_ids.filter((m): m is 1 | 2 | 3 => m === 1 || m === 2 || m === 3),
    users_types: s.users_types.map((r) => ({
      type_id: r.type_id,
      description: r.description,
      capacity: r.capacity,
      price: r.price,
      selection: r.selection,
      apply_start_date: r.apply_start_date,
      apply_end_date: r.apply_end_date,
      register_start_date: r.register_start_date,
      register_end_date: r.register_end_date,
      facts: { participant: r.participant, applicants: r.applicants, paid_orders: r.paid_orders },
    })),
  };
}

/** The body the API takes: the rows without their facts (missing numbers and dates sent as they are, for the server to name). */
function bodyOf(form: SessionForm) {
  return {
    ...form,
    course_id: form.course_id ?? 0,
    area: form.area ?? 0,
    event_date: form.event_date ?? '',
    users_types: form.users_types.map(({ facts: _facts, ...r }) => r),
  };
}

/** /office/sessions/new and /office/sessions/:id: one form with the recruitments as rows. */
export function SessionEditPage() {
  const { id } = useParams();
  const sessionId = id && id !== 'new' ? Number(id) : null;
  const { c } = useCatalogueI18n();
  const session = useQuery({
    queryKey: [...CATALOGUE_KEY, 'session', sessionId],
    queryFn: ({ signal }) => call(api.officeSessions.form, { params: { id: sessionId ?? 0 } }, { signal }),
    enabled: sessionId !== null,
  });
  if (sessionId !== null && session.isPending) return <ListSkeleton count={7} />;
  if (sessionId !== null && session.isError)
    return <QueryError error={session.error} onRetry={() => void session.refetch()} />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageHeading title={sessionId === null ? c.console.newSession : c.console.editSession} />
        {session.data ? <StateBadge session={session.data} /> : null}
      </Group>
      <Anchor component={Link} to="/office/sessions" size="sm">
        {c.console.back}
      </Anchor>
      <CatalogueDates>
        <SessionFormView
          key={sessionId ?? 'new'}
          sessionId={sessionId}
          saved={session.data ?? null}
          initial={session.data ? formOf(session.data) : EMPTY}
        />
      </CatalogueDates>
    </Stack>
  );
}

function SessionFormView({
  sessionId,
  saved,
  initial,
}: {
  sessionId: number | null;
  saved: OfficeSession | null;
  initial: SessionForm;
}) {
  const { c, t, f } = useCatalogueI18n();
  const fl = c.fields;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<SessionForm>(initial);
  const location = useLocation();
  const [done, setDone] = useState<string | null>(
    (location.state as { notice?: string } | null)?.notice ?? null,
  );
  const [cancelOpen, setCancelOpen] = useState(false);
  const set = <K extends keyof SessionForm>(key: K, value: SessionForm[K]) =>
    setForm((s) => ({ ...s, [key]: value }));
  const setRow = (index: number, changes: Partial<Row>) =>
    set(
      'users_types',
      form.users_types.map((r, i) => (i === index ? { ...r, ...changes } : r)),
    );
  const cancelled = saved?.is_active === 0;

  const courses = useQuery({
    queryKey: [...CATALOGUE_KEY, 'courses', 'all'],
    queryFn: ({ signal }) => call(api.officeCourses.list, { query: { limit: 100 } }, { signal }),
  });
  const areas = useQuery({
    queryKey: [...CATALOGUE_KEY, 'areas'],
    queryFn: ({ signal }) => call(api.areas.list, { query: { limit: 47 } }, { signal }),
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY });
  const save = useMutation({
    mutationFn: async (status: 'draft' | 'published' | undefined) => {
      const body = { ...bodyOf(form), ...(status ? { status } : {}) };
      if (sessionId === null) return (await call(api.officeSessions.create, { body: body as never })).id;
      await call(api.officeSessions.update, { params: { id: sessionId }, body: body as never });
      return sessionId;
    },
    onSuccess: async (savedId, status) => {
      await refresh();
      const notice =
        status === 'published'
          ? c.console.published
          : status === 'draft'
            ? c.console.unpublished
            : sessionId === null
              ? c.console.created
              : c.console.saved;
      if (status) setForm((current) => ({ ...current, status }));
      if (sessionId === null)
        void navigate(`/office/sessions/${savedId}`, { replace: true, state: { notice } });
      else setDone(notice);
    },
  });
  const duplicate = useMutation({
    mutationFn: () => call(api.officeSessions.duplicate, { params: { id: sessionId ?? 0 } }),
    onSuccess: async ({ id }) => {
      await refresh();
      void navigate(`/office/sessions/${id}`, { state: { notice: c.console.duplicated } });
    },
  });
  const errors = fieldErrors(save.error);
  const err = (field: string) => errorOf(errors, field);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    save.mutate(undefined);
  };
  const usedTypes = new Set(form.users_types.map((r) => r.type_id));
  // Attendees first, then assistants, observers, instructors (what a session most often recruits).
  const nextType = ([4, 2, 3, 1] as const).find((u) => !usedTypes.has(u));

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={sessionId === null ? c.console.newSession : c.console.editSession}
    >
      <Stack gap="lg">
        {cancelled ? (
          <Alert color="red" role="status">
            {f(c.console.cancelledNotice, saved?.cancelled_reason ?? '')}
          </Alert>
        ) : saved?.status === 'draft' ? (
          <Alert color="gray" role="status">
            {c.console.draftNotice}
          </Alert>
        ) : null}
        {save.isError ? (
          <Alert color="red" role="alert" title={messageOf(save.error, t.errors.generic)}>
            {Object.keys(errors).length ? c.console.errorsAbove : null}
          </Alert>
        ) : null}
        {done ? (
          <Alert color="teal" role="status">
            {done}
          </Alert>
        ) : null}
        <fieldset disabled={cancelled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="lg">
            <Stack gap="sm">
              <Select
                label={fl.course}
                required
                data={(courses.data?.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
                value={form.course_id ? String(form.course_id) : null}
                onChange={(v) => set('course_id', v ? Number(v) : null)}
                error={err('course_id')}
                searchable
              />
              <TextInput
                label={fl.sessionName}
                required
                value={form.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                error={err('name')}
              />
            </Stack>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                {c.console.times}
              </Title>
              <Text size="xs" c="dimmed">
                {c.console.japanTime}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <DateField
                  label={fl.eventDate}
                  required
                  value={form.event_date}
                  onChange={(v) => set('event_date', v)}
                  error={err('event_date')}
                />
                <TimeField
                  label={fl.eventStartTime}
                  required
                  value={form.event_start_time}
                  onChange={(v) => set('event_start_time', v ?? '')}
                  error={err('event_start_time')}
                />
                <TimeField
                  label={fl.eventEndTime}
                  required
                  value={form.event_end_time}
                  onChange={(v) => set('event_end_time', v ?? '')}
                  error={err('event_end_time')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                <TimeField
                  label={fl.startTimeMorning}
                  value={form.start_time_morning}
                  onChange={(v) => set('start_time_morning', v)}
                  error={err('start_time_morning')}
                />
                <TimeField
                  label={fl.endTimeMorning}
                  value={form.end_time_morning}
                  onChange={(v) => set('end_time_morning', v)}
                  error={err('end_time_morning')}
                />
                <TimeField
                  label={fl.startTimeAfternoon}
                  value={form.start_time_afternoon}
                  onChange={(v) => set('start_time_afternoon', v)}
                  error={err('start_time_afternoon')}
                />
                <TimeField
                  label={fl.endTimeAfternoon}
                  value={form.end_time_afternoon}
                  onChange={(v) => set('end_time_afternoon', v)}
                  error={err('end_time_afternoon')}
                />
              </SimpleGrid>
            </Stack>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                {c.console.place}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Select
                  label={fl.area}
                  required
                  data={(areas.data?.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
                  value={form.area ? String(form.area) : null}
                  onChange={(v) => set('area', v ? Number(v) : null)}
                  error={err('area')}
                  searchable
                />
                <TextInput
                  label={fl.sponsorBy}
                  required
                  value={form.sponsor_by}
                  onChange={(e) => set('sponsor_by', e.currentTarget.value)}
                  error={err('sponsor_by')}
                />
                <TextInput
                  label={fl.venueName}
                  required
                  value={form.venue_name}
                  onChange={(e) => set('venue_name', e.currentTarget.value)}
                  error={err('venue_name')}
                />
                <TextInput
                  label={fl.venue}
                  required
                  value={form.venue}
                  onChange={(e) => set('venue', e.currentTarget.value)}
                  error={err('venue')}
                />
              </SimpleGrid>
            </Stack>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                {c.console.recruitments}
              </Title>
              <Checkbox.Group
                label={fl.paymentMethods}
                value={form.payment_method_ids.map(String)}
                onChange={(v) =>
                  set(
                    'payment_method_ids',
                    v.map(Number).filter((m): m is 1 | 2 | 3 => m === 1 || m === 2 || m === 3),
                  )
                }
                error={err('payment_method_ids')}
              >
                <Group gap="md" mt={4}>
                  {PAYMENT_METHOD_IDS.map((m) => (
                    <Checkbox key={m} value={String(m)} label={c.paymentMethods[m]} />
                  ))}
                </Group>
              </Checkbox.Group>
              {err('users_types') ? (
                <Text c="red.8" size="sm" role="alert">
                  {err('users_types')}
                </Text>
              ) : null}
              {form.users_types.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {c.console.noRecruitments}
                </Text>
              ) : null}
              {form.users_types.map((r, i) => {
                const at = (name: string) => err(`users_types.${i}.${name}`);
                return (
                  <fieldset key={i} className={classes.row} data-testid={`recruitment-${i}`}>
                    <legend>
                      {f(c.console.recruitment, i + 1)}：{t.userTypes[r.type_id as 1 | 2 | 3 | 4]}
                    </legend>
                    <Stack gap="xs">
                      {r.facts ? (
                        <Text size="xs" c="dimmed">
                          {f(
                            c.console.taken,
                            r.facts.applicants,
                            r.facts.participant,
                            r.capacity,
                            r.facts.paid_orders,
                          )}
                        </Text>
                      ) : null}
                      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
                        <Select
                          label={fl.userType}
                          data={RECRUITABLE_USER_TYPES.map((u) => ({
                            value: String(u),
                            label: t.userTypes[u],
                          }))}
                          value={String(r.type_id)}
                          onChange={(v) => v && setRow(i, { type_id: Number(v) })}
                          error={at('type_id')}
                          allowDeselect={false}
                          disabled={Boolean(r.facts)}
                        />
                        <NumberInput
                          label={fl.capacity}
                          min={0}
                          value={r.capacity}
                          onChange={(v) => setRow(i, { capacity: typeof v === 'number' ? v : 0 })}
                          error={at('capacity')}
                        />
                        <NumberInput
                          label={fl.fee}
                          min={0}
                          thousandSeparator=","
                          suffix="円"
                          value={r.price}
                          onChange={(v) => setRow(i, { price: typeof v === 'number' ? v : 0 })}
                          error={at('price')}
                          description={r.price > 0 ? formatYen(r.price) : undefined}
                        />
                        <Stack gap={4}>
                          <Text size="sm" fw={500} id={`selection-${i}`}>
                            {fl.selection}
                          </Text>
                          <SegmentedControl
                            aria-labelledby={`selection-${i}`}
                            data={[
                              { value: 'first_come', label: c.selections.first_come },
                              { value: 'lottery', label: c.selections.lottery },
                            ]}
                            value={r.selection}
                            onChange={(v) =>
                              setRow(i, { selection: v === 'lottery' ? 'lottery' : 'first_come' })
                            }
                          />
                          {at('selection') ? (
                            <Text c="red.8" size="xs">
                              {at('selection')}
                            </Text>
                          ) : null}
                        </Stack>
                      </SimpleGrid>
                      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                        <DateTimeField
                          label={fl.applyStartDate}
                          required
                          value={r.apply_start_date || null}
                          onChange={(v) => setRow(i, { apply_start_date: v ?? '' })}
                          error={at('apply_start_date')}
                        />
                        <DateTimeField
                          label={fl.applyEndDate}
                          description={r.selection === 'first_come' ? c.console.noEnd : undefined}
                          value={r.apply_end_date}
                          onChange={(v) => setRow(i, { apply_end_date: v })}
                          error={at('apply_end_date')}
                          clearable
                        />
                        <DateTimeField
                          label={fl.registerStartDate}
                          value={r.register_start_date}
                          onChange={(v) => setRow(i, { register_start_date: v })}
                          error={at('register_start_date')}
                          clearable
                        />
                        <DateTimeField
                          label={fl.registerEndDate}
                          value={r.register_end_date}
                          onChange={(v) => setRow(i, { register_end_date: v })}
                          error={at('register_end_date')}
                          clearable
                        />
                      </SimpleGrid>
                      <Textarea
                        label={fl.recruitmentDescription}
                        autosize
                        value={r.description}
                        onChange={(e) => setRow(i, { description: e.currentTarget.value })}
                        error={at('description')}
                      />
                      <Group justify="flex-end">
                        <Button
                          variant="default"
                          size="xs"
                          onClick={() =>
                            set(
                              'users_types',
                              form.users_types.filter((_, j) => j !== i),
                            )
                          }
                        >
                          {c.console.removeRecruitment}
                        </Button>
                      </Group>
                    </Stack>
                  </fieldset>
                );
              })}
              {nextType !== undefined ? (
                <Button
                  variant="light"
                  w="fit-content"
                  onClick={() =>
                    set('users_types', [
                      ...form.users_types,
                      {
                        type_id: nextType,
                        description: '',
                        capacity: 0,
                        price: 0,
                        selection: 'first_come',
                        apply_start_date: '',
                        apply_end_date: null,
                        register_start_date: null,
                        register_end_date: null,
                      },
                    ])
                  }
                >
                  {c.console.addRecruitment}
                </Button>
              ) : null}
            </Stack>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                {c.console.notes}
              </Title>
              <Textarea
                label={fl.target}
                autosize
                value={form.target}
                onChange={(e) => set('target', e.currentTarget.value)}
                error={err('target')}
              />
              <Textarea
                label={fl.note}
                autosize
                value={form.note}
                onChange={(e) => set('note', e.currentTarget.value)}
                error={err('note')}
              />
              <Textarea
                label={fl.applyDateNote}
                autosize
                value={form.apply_date_note}
                onChange={(e) => set('apply_date_note', e.currentTarget.value)}
                error={err('apply_date_note')}
              />
              <Textarea
                label={fl.registerDateNote}
                autosize
                value={form.register_date_note}
                onChange={(e) => set('register_date_note', e.currentTarget.value)}
                error={err('register_date_note')}
              />
            </Stack>
          </Stack>
        </fieldset>
        {cancelled ? null : (
          <Group className={classes.actions} justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="wrap">
              <Button type="submit" loading={save.isPending && save.variables === undefined}>
                {sessionId === null ? c.console.create : c.console.save}
              </Button>
              {form.status === 'draft' || sessionId === null ? (
                <Button
                  color="teal.9"
                  loading={save.isPending && save.variables === 'published'}
                  onClick={() => save.mutate('published')}
                >
                  {c.console.publish}
                </Button>
              ) : (
                <Button
                  variant="default"
                  loading={save.isPending && save.variables === 'draft'}
                  onClick={() => save.mutate('draft')}
                >
                  {c.console.unpublish}
                </Button>
              )}
            </Group>
            {sessionId !== null ? (
              <Group gap="sm" wrap="wrap">
                <Button variant="default" loading={duplicate.isPending} onClick={() => duplicate.mutate()}>
                  {c.console.duplicate}
                </Button>
                <Button color="red.9" onClick={() => setCancelOpen(true)}>
                  {c.console.cancelSession}
                </Button>
              </Group>
            ) : null}
          </Group>
        )}
        {duplicate.isError ? (
          <Alert color="red" role="alert">
            {messageOf(duplicate.error, t.errors.generic)}
          </Alert>
        ) : null}
      </Stack>
      {sessionId !== null ? (
        <CancelDialog
          sessionId={sessionId}
          opened={cancelOpen}
          onClose={() => setCancelOpen(false)}
          onDone={(text) => setDone(text)}
        />
      ) : null}
    </form>
  );
}

/** The cancellation: how many members are mailed and refunded, the reason (required), and the confirmation. */
function CancelDialog({
  sessionId,
  opened,
  onClose,
  onDone,
}: {
  sessionId: number;
  opened: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { c, t, f } = useCatalogueI18n();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const preview = useQuery({
    queryKey: [...CATALOGUE_KEY, 'cancel-preview', sessionId],
    queryFn: ({ signal }) =>
      call(api.officeSessions.cancelPreview, { params: { id: sessionId } }, { signal }),
    enabled: opened,
  });
  const cancel = useMutation({
    mutationFn: () => call(api.officeSessions.cancel, { params: { id: sessionId }, body: { reason } }),
    onSuccess: async (result) => {
      onClose();
      onDone(f(c.console.cancelDone, result.mailed));
      await queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY });
    },
  });
  const reasonError = fieldErrors(cancel.error).reason?.[0];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={c.console.cancelTitle}
      centered
      closeButtonProps={{ 'aria-label': t.app.close }}
    >
      <Stack gap="sm">
        {preview.isPending ? (
          <ListSkeleton count={3} height={20} />
        ) : preview.isError ? (
          <QueryError error={preview.error} onRetry={() => void preview.refetch()} />
        ) : (
          <Text fw={600} data-testid="cancel-impact">
            {preview.data.members === 0
              ? c.console.cancelNoOne
              : preview.data.refunds === 0
                ? f(c.console.cancelImpactNoRefund, preview.data.members)
                : f(
                    c.console.cancelImpact,
                    preview.data.members,
                    preview.data.refunds,
                    formatYen(preview.data.refund_total),
                  )}
          </Text>
        )}
        <Text size="sm" c="red.8">
          {c.console.cancelIrreversible}
        </Text>
        <Textarea
          label={c.fields.reason}
          required
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={reasonError}
          data-autofocus
        />
        {cancel.isError && !reasonError ? (
          <Alert color="red" role="alert">
            {messageOf(cancel.error, t.errors.generic)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {c.console.dismiss}
          </Button>
          <Button
            color="red.8"
            disabled={!reason.trim()}
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {c.console.cancelConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
