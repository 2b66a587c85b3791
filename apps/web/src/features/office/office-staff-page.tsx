import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { api, OFFICE_ROLES, type OfficeRole, type OfficeStaffMember } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { OFFICE_KEY } from './api/office-calls.ts';
import { useOfficeI18n } from './office-messages.ts';
import { ActionNotice, ConfirmAction, errorMessage, TableScroll } from './office-shared.tsx';

const isRole = (value: string | null): value is OfficeRole =>
  value !== null && (OFFICE_ROLES as readonly string[]).includes(value);

/** The form that gives the office role to an existing account, by its email. */
function GrantForm({ onDone }: { onDone: (text: string) => void }) {
  const { t, f, o } = useOfficeI18n();
  const m = o.people.staff;
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OfficeRole>('staff');
  const grant = useMutation({
    mutationFn: () => call(api.officeStaff.grant, { body: { email: email.trim(), office_role: role } }),
    onSuccess: async (member) => {
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: OFFICE_KEY });
      onDone(f(m.granted, member.email));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) grant.mutate();
  };
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} aria-labelledby="grant-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="grant-title">
            {m.grantTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {m.grantHint}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="email"
              label={o.people.fields.email}
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
              w={{ base: '100%', xs: 320 }}
              error={grant.isError ? errorMessage(grant.error, t.errors.generic) : undefined}
              data-testid="grant-email"
            />
            <Select
              label={o.people.fields.officeRole}
              data={OFFICE_ROLES.map((r) => ({ value: r, label: o.people.officeRoles[r] }))}
              value={role}
              onChange={(v) => isRole(v) && setRole(v)}
              allowDeselect={false}
              w={{ base: '100%', xs: 160 }}
            />
            <Button type="submit" loading={grant.isPending}>
              {m.grant}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** One office user's role, changed in place (admin ↔ staff); the server keeps the last admin. */
function RoleSelect({
  member,
  onDone,
}: {
  member: OfficeStaffMember;
  onDone: (ok: boolean, text: string) => void;
}) {
  const { t, o } = useOfficeI18n();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (role: OfficeRole) =>
      call(api.officeStaff.change, { params: { id: member.id }, body: { office_role: role } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: OFFICE_KEY });
      onDone(true, o.people.staff.changed);
    },
    onError: (error) => onDone(false, errorMessage(error, t.errors.generic)),
  });
  return (
    <Select
      aria-label={`${o.people.staff.change}: ${member.email}`}
      data={OFFICE_ROLES.map((r) => ({ value: r, label: o.people.officeRoles[r] }))}
      value={member.office_role}
      onChange={(v) => isRole(v) && v !== member.office_role && change.mutate(v)}
      allowDeselect={false}
      disabled={change.isPending}
      w={140}
      size="xs"
    />
  );
}

/**
 * /office/staff (office admins only; decision 041): the office users and their roles, granting the office
 * role by email, changing admin/staff and removing it. The last admin cannot be removed or demoted.
 */
export function OfficeStaffPage() {
  const { f, o } = useOfficeI18n();
  const m = o.people.staff;
  const { user } = useAuth();
  const isAdmin = user?.role === 'office' && user.office_role === 'admin';
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [removing, setRemoving] = useState<OfficeStaffMember | null>(null);
  const staff = useQuery({
    queryKey: [...OFFICE_KEY, 'staff'],
    queryFn: ({ signal }) => call(api.officeStaff.list, undefined, { signal }),
    enabled: isAdmin,
  });
  if (!isAdmin)
    return (
      <Stack gap="md">
        <PageHeading title={m.title} />
        <Alert color="orange" variant="light" data-testid="staff-forbidden">
          {m.forbidden}
        </Alert>
      </Stack>
    );
  return (
    <Stack gap="md">
      <PageHeading
        title={m.title}
        lead={staff.data ? f(m.intro, staff.data.staff_refund_limit.toLocaleString('en-US')) : undefined}
      />
      <ActionNotice notice={notice} onClose={() => setNotice(null)} />
      {staff.isPending ? (
        <ListSkeleton count={3} />
      ) : staff.isError ? (
        <QueryError error={staff.error} onRetry={() => void staff.refetch()} />
      ) : (
        <TableScroll label={m.title} minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.name}</Table.Th>
                <Table.Th scope="col">{m.email}</Table.Th>
                <Table.Th scope="col">{m.role}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{m.remove}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {staff.data.members.map((s) => (
                <Table.Tr key={s.id} data-testid={`staff-${s.id}`}>
                  <Table.Td>
                    <span data-user-content>{s.fullname}</span>
                    {s.id === user.id ? (
                      <Text span size="xs" c="dimmed" ml={4}>
                        {m.you}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td data-user-content style={{ overflowWrap: 'anywhere' }}>
                    {s.email}
                  </Table.Td>
                  <Table.Td>
                    <RoleSelect member={s} onDone={(ok, text) => setNotice({ ok, text })} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" c="red.9" onClick={() => setRemoving(s)}>
                      {m.remove}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <Text size="xs" c="dimmed">
        {m.lastAdminHint}
      </Text>
      <GrantForm onDone={(text) => setNotice({ ok: true, text })} />
      <ConfirmAction
        opened={removing !== null}
        title={m.remove}
        confirmLabel={m.remove}
        color="red.9"
        action={() => call(api.officeStaff.remove, { params: { id: removing?.id ?? 0 } })}
        onDone={() => {
          setRemoving(null);
          setNotice({ ok: true, text: m.removed });
        }}
        onClose={() => setRemoving(null)}
      >
        {f(m.removeConfirm, removing?.email ?? '')}
      </ConfirmAction>
    </Stack>
  );
}
