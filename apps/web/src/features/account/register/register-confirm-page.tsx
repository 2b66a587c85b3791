import { Alert, Button, Group, Paper, Stack, Table } from '@mantine/core';
import {
  MEDICAL_DEPARTMENTS,
  OCCUPATIONS,
  splitQualifications,
  type SimulationQualification,
} from '@mels/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { register } from '../api/auth-calls.ts';
import { areasQuery } from '../api/reference-data.ts';
import { registerStore } from './register-store.ts';

/** /register-confirm: every value read-only, then the account is created and the user logged in. */
export function RegisterConfirmPage() {
  const { t } = useI18n();
  const m = t.account.register;
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const areas = useQuery(areasQuery());
  // Read once: clearing the store after success must not send this page back to the form.
  const [draft] = useState(() => registerStore.get());
  const mutation = useMutation({
    mutationFn: register,
    onSuccess: (session) => {
      const email = draft?.body.email ?? '';
      registerStore.set(null);
      signIn(session.token, session.user);
      void navigate('/register/complete', { replace: true, state: { email } });
    },
    onError: (error) => {
      // Back to the input page with the server's field errors shown there.
      if (draft) {
        registerStore.set({
          ...draft,
          serverErrors: error instanceof ApiRequestError ? error.errors : {},
          serverMessage: error instanceof ApiRequestError ? error.message : t.errors.generic,
        });
      }
      void navigate('/register', { replace: true });
    },
  });
  if (!draft) return <Navigate to="/register" replace />;
  const b = draft.body;
  const areaName = (id: unknown) => areas.data?.find((a) => a.id === Number(id))?.name ?? '';
  const occupation = OCCUPATIONS.find((o) => o.id === Number(b.occupation));
  const department = MEDICAL_DEPARTMENTS.find((d) => d.id === Number(b.medical_department));
  const qualifications = splitQualifications(String(b.simulation_qualification))
    .map((q) => t.qualifications[q as SimulationQualification] ?? q)
    .join(t.app.listComma);
  const birthday = String(b.birthday);
  const rows: [string, string][] = [
    [`${t.fields.lastName}${t.app.separator}${t.fields.firstName}`, `${b.last_name} ${b.first_name}`],
    [
      `${t.fields.lastNameKana}${t.app.separator}${t.fields.firstNameKana}`,
      `${b.last_name_kana} ${b.first_name_kana}`,
    ],
    [
      `${t.fields.lastNameAlpha}${t.app.separator}${t.fields.firstNameAlpha}`,
      `${b.last_name_alpha} ${b.first_name_alpha}`,
    ],
    [t.fields.occupation, occupation ? t.occupations[occupation.key] : ''],
    ...(department
      ? ([[t.fields.medicalDepartment, t.departments[department.key]]] as [string, string][])
      : []),
    [t.fields.simulationQualification, qualifications],
    [t.fields.locationWork, String(b.location_work)],
    [t.fields.workArea, areaName(b.work_area)],
    [t.fields.postalCode, `〒${String(b.postal_code)}`],
    [
      `${t.fields.area}${t.app.separator}${t.fields.district}${t.app.separator}${t.fields.address}`,
      `${areaName(b.area)}${String(b.district)} ${String(b.address)}`,
    ],
    [t.fields.phone, String(b.phone)],
    [t.fields.gender, t.gender[Number(b.gender) === 1 ? 1 : 0]],
    [t.fields.birthday, `${birthday.slice(0, 4)}/${birthday.slice(4, 6)}/${birthday.slice(6, 8)}`],
    [t.fields.email, String(b.email)],
    [t.fields.password, '●'.repeat(Math.min(String(b.password).length, 12))],
  ];
  return (
    <Paper maw={820} mx="auto" p={{ base: 'md', sm: 'xl' }} withBorder>
      <PageHeading title={m.confirmTitle} lead={m.confirmLead} />
      <Stack gap="lg">
        {mutation.isError ? (
          <Alert color="red" variant="light" role="alert">
            {mutation.error instanceof ApiRequestError ? mutation.error.message : t.errors.generic}
          </Alert>
        ) : null}
        <Table variant="vertical" layout="fixed" withTableBorder verticalSpacing="sm">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={{ base: 120, sm: 240 }} scope="row">
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="center" gap="md">
          <Button variant="default" onClick={() => void navigate('/register')} disabled={mutation.isPending}>
            {m.back}
          </Button>
          <Button onClick={() => mutation.mutate(draft.body)} loading={mutation.isPending}>
            {m.submit}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
