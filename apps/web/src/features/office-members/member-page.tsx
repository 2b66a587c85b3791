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
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { api, MEDICAL_DEPARTMENTS, OCCUPATIONS, type MemberDetail, type MemberProfile } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError, call, download } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { formatYen } from '../../lib/format.ts';
import {
  formatDateTime,
  formatDay,
  MEMBER_STATUS_COLORS,
  MEMBERS_KEY,
  useMembersI18n,
} from './members-i18n.ts';
import classes from './members.module.css';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback;
const fieldErrors = (error: unknown) => (error instanceof ApiRequestError ? error.errors : {});

/** The fields the console corrects, with their label's key; the last five are chosen from a list. */
const CORRECTIONS = [
  ['last_name', 'lastName'],
  ['first_name', 'firstName'],
  ['last_name_kana', 'lastNameKana'],
  ['first_name_kana', 'firstNameKana'],
  ['last_name_alpha', 'lastNameAlpha'],
  ['first_name_alpha', 'firstNameAlpha'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['location_work', 'locationWork'],
  ['postal_code', 'postalCode'],
  ['district', 'district'],
  ['address', 'address'],
  ['birthday', 'birthday'],
  ['occupation', 'occupation'],
  ['medical_department', 'medicalDepartment'],
  ['area', 'area'],
  ['work_area', 'workArea'],
  ['gender', 'gender'],
] as const;
type CorrectionField = (typeof CORRECTIONS)[number][0];
const CHOICES = new Set<CorrectionField>(['occupation', 'medical_department', 'area', 'work_area', 'gender']);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" className={classes.wrap}>
        {children}
      </Text>
    </div>
  );
}

/** A section of the member's page; `empty`: the records are none, and it says so instead of the children. */
function Section({ title, empty, children }: { title: string; empty?: boolean; children: ReactNode }) {
  const { x } = useMembersI18n();
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {empty ? (
          <Text size="sm" c="dimmed">
            {x.empty}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

/** /office/members/:id: a member's page, its records and the office's actions (decision 042). */
export function MemberPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  if (!Number.isInteger(id) || id < 1) return <Navigate to="/office/members" replace />;
  return <Member id={id} />;
}

function Member({ id }: { id: number }) {
  const { x, f } = useMembersI18n();
  const member = useQuery({
    queryKey: [...MEMBERS_KEY, 'member', id],
    queryFn: ({ signal }) => call(api.officeMembers.detail, { params: { id } }, { signal }),
  });
  return (
    <Stack gap="md">
      <PageHeading title={f(x.detailTitle, id)} />
      <Group gap="md">
        <Anchor component={Link} to="/office/members" size="sm">
          {x.back}
        </Anchor>
        <Anchor component={Link} to={`/office/audit?member_id=${id}`} size="sm">
          {x.auditLink}
        </Anchor>
      </Group>
      {member.isPending ? (
        <ListSkeleton count={5} />
      ) : member.isError ? (
        <QueryError error={member.error} onRetry={() => void member.refetch()} />
      ) : (
        <MemberView detail={member.data} />
      )}
    </Stack>
  );
}

type Dialog = null | 'passwordReset' | 'registrationMail' | 'deactivate' | 'reactivate' | 'correct' | 'erase';

function MemberView({ detail }: { detail: MemberDetail }) {
  const { x, t, o, f } = useMembersI18n();
  const sep = t.app.separator;
  const p = detail.profile;
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const occupations = t.occupations as Record<string, string>;
  const departments = t.departments as Record<string, string>;
  const stepNames = t.steps as Record<number, string>;
  const notes = o.trail.notes;
  const userTypes = t.userTypes as Record<number, string>;
  const orderStatus = t.orderStatus as Record<number, string>;
  const paymentMethods = t.paymentMethods as Record<number, string>;
  const requestTypes = x.request.types as Record<number, string>;
  const rankUpStatuses = x.rankUpStatuses as Record<number, string>;
  const areas = useQuery({
    queryKey: ['areas', 47],
    queryFn: ({ signal }) => call(api.areas.list, { query: { limit: 47 } }, { signal }),
  });
  const areaName = (id: number | null) => areas.data?.data.find((a) => a.id === id)?.name ?? '';
  const department = MEDICAL_DEPARTMENTS.find((d) => d.id === p.medical_department);
  const active = p.status === 'active';
  const erased = p.status === 'erased';

  const finish = async (message: string, profile?: MemberProfile) => {
    setDialog(null);
    setFailure(null);
    setDone(message);
    if (profile) queryClient.setQueryData([...MEMBERS_KEY, 'member', p.id], { ...detail, profile });
    await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
  };
  const fail = (error: unknown) => {
    setDialog(null);
    setDone(null);
    setFailure(messageOf(error, t.errors.generic));
  };
  const mail = useMutation({
    mutationFn: (kind: 'passwordReset' | 'registrationMail') =>
      call(api.officeMembers[kind], { params: { id: p.id } }).then((r) => ({ kind, to: r.to })),
    onSuccess: ({ kind, to }) => finish(f(x.done[kind], to)),
    onError: fail,
  });
  const exportFile = useMutation({
    mutationFn: (format: 'exportJson' | 'exportCsv') =>
      download(api.officeMembers[format], { params: { id: p.id } }),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename ?? `member-${p.id}`),
    onError: fail,
  });

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
      {failure ? (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setFailure(null)}
          closeButtonLabel={t.app.close}
        >
          {failure}
        </Alert>
      ) : null}

      <Section title={x.sections.profile}>
        <Group gap="sm">
          <Badge color={MEMBER_STATUS_COLORS[p.status]} variant="filled" data-testid="member-status">
            {x.statuses[p.status]}
          </Badge>
          <Text fw={700} fz="lg" data-user-content>
            {p.last_name} {p.first_name}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <Fact label={x.profile.kana}>
            <span data-user-content>
              {p.last_name_kana} {p.first_name_kana}
            </span>
          </Fact>
          <Fact label={x.profile.alpha}>
            <span data-user-content>
              {p.last_name_alpha} {p.first_name_alpha}
            </span>
          </Fact>
          <Fact label={t.fields.email}>
            <span data-user-content>{p.email}</span>
          </Fact>
          <Fact label={t.fields.phone}>
            <span data-user-content>{p.phone}</span>
          </Fact>
          <Fact label={x.profile.birthday}>{formatDay(p.birthday)}</Fact>
          <Fact label={x.profile.gender}>{(t.gender as Record<number, string>)[p.gender]}</Fact>
          <Fact label={t.fields.occupation}>
            {occupations[OCCUPATIONS.find((c) => c.id === p.occupation)?.key ?? '']}
            {department ? ` ／ ${departments[department.key] ?? ''}` : ''}
          </Fact>
          <Fact label={x.profile.workplace}>
            <span data-user-content>{p.location_work}</span>
            {p.work_area ? (
              <Text size="xs" c="dimmed" component="span" data-user-content>
                {' '}
                （{areaName(p.work_area)}）
              </Text>
            ) : null}
          </Fact>
          <Fact label={x.profile.address}>
            <span data-user-content>
              {p.postal_code ? `〒${p.postal_code} ` : ''}
              {areaName(p.area)}
              {p.district}
              {p.address}
            </span>
          </Fact>
          <Fact label={x.profile.registered}>{formatDateTime(p.created_at)}</Fact>
          <Fact label={x.profile.updated}>{formatDateTime(p.updated_at)}</Fact>
          {p.deactivated_at ? (
            <Fact label={x.profile.deactivated}>{formatDateTime(p.deactivated_at)}</Fact>
          ) : null}
          {p.erased_at ? <Fact label={x.profile.erased}>{formatDateTime(p.erased_at)}</Fact> : null}
        </SimpleGrid>
      </Section>

      {erased ? null : (
        <Section title={x.sections.actions}>
          <Group gap="sm" wrap="wrap">
            <Button variant="light" disabled={!active} onClick={() => setDialog('passwordReset')}>
              {x.actions.passwordReset}
            </Button>
            <Button variant="light" disabled={!active} onClick={() => setDialog('registrationMail')}>
              {x.actions.registrationMail}
            </Button>
            <Button variant="light" onClick={() => setDialog('correct')}>
              {x.actions.correct}
            </Button>
            {active ? (
              <Button color="red.9" variant="outline" onClick={() => setDialog('deactivate')}>
                {x.actions.deactivate}
              </Button>
            ) : (
              <Button color="teal.9" onClick={() => setDialog('reactivate')}>
                {x.actions.reactivate}
              </Button>
            )}
          </Group>
        </Section>
      )}

      <Section title={x.sections.enrollments} empty={detail.enrollments.length === 0}>
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {detail.enrollments.map((e) => (
            <li key={e.id}>
              <Paper withBorder p="sm">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Anchor
                    component={Link}
                    to={`/office/trainings/${e.training_id}`}
                    fw={600}
                    data-user-content
                  >
                    {e.training_name}
                  </Anchor>
                  <Badge variant="filled" color="gray.8">
                    {o.statuses[e.status]}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDay(e.event_date)}
                  {sep}
                  <span data-user-content>{e.course_name}</span>
                  {sep}
                  {userTypes[e.user_type]}
                  {e.checked_in_at ? `${sep}${x.enrollment.checkedIn}` : ''}
                </Text>
                <Text size="xs" fw={600} mt={4}>
                  {x.enrollment.trail}
                </Text>
                <ol className={classes.trail}>
                  {e.steps.map((s, i) => (
                    <li key={i}>
                      {formatDateTime(s.created_at)} {stepNames[s.step] ?? f(x.enrollment.step, s.step)} ／{' '}
                      {o.statuses[s.status]}
                      {s.note ? ` ／ ${notes[s.note] ?? s.note}` : ''}
                      {s.actor ? (
                        <>
                          {' '}
                          ／ <span data-user-content>{s.actor.name}</span>
                        </>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </Paper>
            </li>
          ))}
        </Stack>
      </Section>

      <Section title={x.sections.orders} empty={detail.orders.length === 0}>
        <div className={classes.scroll} role="region" aria-label={x.sections.orders} tabIndex={0}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{x.order.id}</Table.Th>
                <Table.Th>{x.order.date}</Table.Th>
                <Table.Th>{x.order.what}</Table.Th>
                <Table.Th>{x.order.amount}</Table.Th>
                <Table.Th>{x.order.method}</Table.Th>
                <Table.Th>{x.order.status}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.orders.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.id}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDateTime(r.created_at)}</Table.Td>
                  <Table.Td data-user-content>
                    {r.type === 2 ? `${x.order.refund} ` : ''}
                    {r.what ?? ''}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{formatYen(r.amount)}</Table.Td>
                  <Table.Td>{paymentMethods[r.payment_method_id]}</Table.Td>
                  <Table.Td>{orderStatus[r.status]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </Section>

      <Section title={x.sections.certificates} empty={detail.certificates.length === 0}>
        <Stack gap="xs">
          {detail.certificates.map((c) => (
            <Text key={c.id} size="sm">
              <span data-user-content>{c.certificate_number}</span>
              {sep}
              <span data-user-content>{c.course_name}</span>
              {sep}
              {formatDay(c.start_date)}
              {t.app.range}
              {c.end_date ? formatDay(c.end_date) : ''}
              {c.revoked_at ? `${sep}${x.certificate.revoked}` : ''}
              {sep}
              <Anchor
                href={`/verify/${c.verification_code}`}
                target="_blank"
                rel="noopener"
                underline="always"
              >
                {x.certificate.verify}
              </Anchor>
            </Text>
          ))}
        </Stack>
      </Section>

      <Section
        title={x.sections.requests}
        empty={detail.certificate_requests.length === 0 && detail.rank_up_requests.length === 0}
      >
        <Stack gap="xs">
          {detail.certificate_requests.map((r) => (
            <Text key={`c${r.id}`} size="sm">
              {requestTypes[r.certificate_type] ?? ''}
              {sep}
              <span data-user-content>{r.course_name}</span>
              {sep}
              {formatDateTime(r.created_at)}
            </Text>
          ))}
          {detail.rank_up_requests.map((r) => (
            <Text key={`r${r.id}`} size="sm">
              {x.sections.rankUps}
              {sep}
              <span data-user-content>{r.to_rank}</span>
              {sep}
              {rankUpStatuses[r.status]}
              {sep}
              {formatDateTime(r.created_at)}
            </Text>
          ))}
        </Stack>
      </Section>

      <Section title={x.sections.ranks} empty={detail.ranks.length === 0}>
        <Group gap="xs">
          {detail.ranks.map((r) => (
            <Badge key={r.short_name} variant="filled" color="blue.9" data-user-content>
              {r.name}
            </Badge>
          ))}
        </Group>
      </Section>

      <Section title={x.sections.data}>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            loading={exportFile.isPending}
            onClick={() => exportFile.mutate('exportJson')}
          >
            {x.actions.exportJson}
          </Button>
          <Button
            variant="default"
            loading={exportFile.isPending}
            onClick={() => exportFile.mutate('exportCsv')}
          >
            {x.actions.exportCsv}
          </Button>
          {erased ? null : (
            <Button color="red.9" onClick={() => setDialog('erase')}>
              {x.actions.erase}
            </Button>
          )}
        </Group>
        {detail.payment_in_progress && !erased ? (
          <Text size="sm" c="red.9">
            {x.confirm.erasePaymentInProgress}
          </Text>
        ) : null}
      </Section>

      <Modal
        opened={dialog === 'passwordReset' || dialog === 'registrationMail'}
        onClose={() => setDialog(null)}
        title={dialog === 'registrationMail' ? x.actions.registrationMail : x.actions.passwordReset}
        closeButtonProps={{ 'aria-label': t.app.close }}
      >
        <Stack gap="md">
          <Text size="sm">
            {f(dialog === 'registrationMail' ? x.confirm.registrationMail : x.confirm.passwordReset, p.email)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {x.actions.cancel}
            </Button>
            <Button
              loading={mail.isPending}
              onClick={() =>
                mail.mutate(dialog === 'registrationMail' ? 'registrationMail' : 'passwordReset')
              }
            >
              {x.actions.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ReasonDialog
        opened={dialog === 'deactivate' || dialog === 'reactivate'}
        title={dialog === 'reactivate' ? x.actions.reactivate : x.actions.deactivate}
        text={dialog === 'reactivate' ? x.confirm.reactivate : x.confirm.deactivate}
        onClose={() => setDialog(null)}
        run={(reason) =>
          call(api.officeMembers[dialog === 'reactivate' ? 'reactivate' : 'deactivate'], {
            params: { id: p.id },
            body: { reason },
          })
        }
        onDone={(profile) =>
          finish(profile.status === 'active' ? x.done.reactivate : x.done.deactivate, profile)
        }
      />
      <CorrectDialog
        opened={dialog === 'correct'}
        profile={p}
        onClose={() => setDialog(null)}
        onDone={(profile) => finish(x.done.correct, profile)}
      />
      <EraseDialog
        opened={dialog === 'erase'}
        id={p.id}
        onClose={() => setDialog(null)}
        onDone={(profile) => finish(x.done.erase, profile)}
      />
    </Stack>
  );
}

function ReasonDialog(props: {
  opened: boolean;
  title: string;
  text: string;
  onClose: () => void;
  run: (reason: string) => Promise<MemberProfile>;
  onDone: (profile: MemberProfile) => void;
}) {
  const { x, t } = useMembersI18n();
  const [reason, setReason] = useState('');
  const run = useMutation({
    mutationFn: () => props.run(reason),
    onSuccess: (profile) => {
      setReason('');
      props.onDone(profile);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': t.app.close }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{props.text}</Text>
          <Textarea
            label={x.fields.reason}
            description={x.confirm.reasonHint}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            autosize
            minRows={2}
            error={fieldErrors(run.error).reason?.[0]}
          />
          {run.isError && !fieldErrors(run.error).reason ? (
            <Text c="red.8" size="sm" role="alert">
              {messageOf(run.error, t.errors.generic)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {x.actions.cancel}
            </Button>
            <Button type="submit" loading={run.isPending}>
              {x.actions.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CorrectDialog(props: {
  opened: boolean;
  profile: MemberProfile;
  onClose: () => void;
  onDone: (profile: MemberProfile) => void;
}) {
  const { x, t } = useMembersI18n();
  const fields = t.fields as Record<string, string>;
  const occupations = t.occupations as Record<string, string>;
  const departments = t.departments as Record<string, string>;
  const genders = t.gender as Record<number, string>;
  const areas = useQuery({
    queryKey: ['areas', 47],
    queryFn: ({ signal }) => call(api.areas.list, { query: { limit: 47 } }, { signal }),
  });
  const [field, setField] = useState<CorrectionField>('last_name');
  const current = (k: CorrectionField): string => {
    if (k === 'birthday') return props.profile.birthday.replaceAll('-', '');
    const v = props.profile[k];
    return v === null ? '' : String(v);
  };
  const [value, setValue] = useState(() => current('last_name'));
  const [reason, setReason] = useState('');
  const options = (k: CorrectionField) => {
    if (k === 'occupation')
      return OCCUPATIONS.map((o) => ({ value: String(o.id), label: occupations[o.key] ?? '' }));
    if (k === 'medical_department')
      return MEDICAL_DEPARTMENTS.map((d) => ({ value: String(d.id), label: departments[d.key] ?? '' }));
    if (k === 'gender') return [0, 1].map((g) => ({ value: String(g), label: genders[g] ?? '' }));
    return (areas.data?.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  };
  const run = useMutation({
    mutationFn: () =>
      call(api.officeMembers.correct, {
        params: { id: props.profile.id },
        body: { [field]: CHOICES.has(field) ? Number(value) : value, reason },
      }),
    onSuccess: (profile) => {
      setReason('');
      props.onDone(profile);
    },
  });
  const errors = fieldErrors(run.error);
  const other = Object.entries(errors).find(([k]) => k !== field && k !== 'reason')?.[1]?.[0];
  const label = fields[CORRECTIONS.find(([k]) => k === field)?.[1] ?? ''] ?? field;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run.mutate();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={x.actions.correct}
      closeButtonProps={{ 'aria-label': t.app.close }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label={x.fields.correction}
            data={CORRECTIONS.map(([k, key]) => ({ value: k, label: fields[key] ?? k }))}
            value={field}
            onChange={(v) => {
              if (!v) return;
              setField(v as CorrectionField);
              setValue(current(v as CorrectionField));
            }}
            allowDeselect={false}
          />
          {CHOICES.has(field) ? (
            <Select
              label={label}
              data={options(field)}
              value={value}
              onChange={(v) => setValue(v ?? '')}
              allowDeselect={false}
              error={errors[field]?.[0]}
            />
          ) : (
            <TextInput
              label={label}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={errors[field]?.[0]}
              data-user-content
            />
          )}
          <Textarea
            label={x.fields.reason}
            description={x.confirm.reasonHint}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            autosize
            minRows={2}
            error={errors.reason?.[0]}
          />
          {run.isError && !errors[field] && !errors.reason ? (
            <Text c="red.8" size="sm" role="alert">
              {other ?? messageOf(run.error, t.errors.generic)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {x.actions.cancel}
            </Button>
            <Button type="submit" loading={run.isPending}>
              {x.actions.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Erasure, confirmed twice: the consequences and a reason, then the member's id typed again. */
function EraseDialog(props: {
  opened: boolean;
  id: number;
  onClose: () => void;
  onDone: (profile: MemberProfile) => void;
}) {
  const { x, t, f } = useMembersI18n();
  const [step, setStep] = useState<1 | 2>(1);
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const close = () => {
    setStep(1);
    setTyped('');
    props.onClose();
  };
  const run = useMutation({
    mutationFn: () => call(api.officeMembers.erase, { params: { id: props.id }, body: { reason } }),
    onSuccess: (profile) => {
      setStep(1);
      setTyped('');
      setReason('');
      props.onDone(profile);
    },
  });
  const errors = fieldErrors(run.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 1) setStep(2);
    else if (typed.trim() === String(props.id)) run.mutate();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={x.actions.erase}
      closeButtonProps={{ 'aria-label': t.app.close }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {step === 1 ? (
            <>
              <Text size="sm">{x.confirm.eraseFirst}</Text>
              <Textarea
                label={x.fields.reason}
                description={x.confirm.reasonHint}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                required
                autosize
                minRows={2}
                error={errors.reason?.[0]}
              />
            </>
          ) : (
            <>
              <Text size="sm" fw={700} c="red.9">
                {f(x.confirm.eraseSecond, props.id)}
              </Text>
              <TextInput
                label={x.confirm.eraseIdLabel}
                value={typed}
                inputMode="numeric"
                onChange={(e) => setTyped(e.currentTarget.value)}
                required
              />
            </>
          )}
          {run.isError && !errors.reason ? (
            <Text c="red.8" size="sm" role="alert">
              {messageOf(run.error, t.errors.generic)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {x.actions.cancel}
            </Button>
            {step === 1 ? (
              <Button type="submit" color="red.9" disabled={!reason.trim()}>
                {x.actions.next}
              </Button>
            ) : (
              <Button
                type="submit"
                color="red.9"
                loading={run.isPending}
                disabled={typed.trim() !== String(props.id)}
              >
                {x.actions.erase}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
