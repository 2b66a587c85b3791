import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Fieldset,
  Paper,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { normalizeEmail, profileFormSchema, splitQualifications, type UserProfile } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { profileQuery, updateProfile } from '../api/auth-calls.ts';
import { blurWith, PROFILE_FIELD_NAMES, ProfileFields, type ProfileFieldValues } from '../profile-fields.tsx';
import { useServerErrors } from '../use-server-errors.ts';
import { AvatarEditor } from './avatar-editor.tsx';
import { CurrentPasswordDialog, LogoutEverywhere } from './security-dialogs.tsx';
import { useLocalizedResolver } from '../../../lib/messages.ts';

type Values = ProfileFieldValues & { password: string; re_password: string };

function toValues(p: UserProfile): Values {
  const [phone_1 = '', phone_2 = '', phone_3 = ''] = p.phone.split('-');
  return {
    email: p.email,
    last_name: p.last_name,
    first_name: p.first_name,
    last_name_kana: p.last_name_kana,
    first_name_kana: p.first_name_kana,
    last_name_alpha: p.last_name_alpha,
    first_name_alpha: p.first_name_alpha,
    occupation: String(p.occupation),
    medical_department: p.medical_department === null ? '' : String(p.medical_department),
    simulation_qualification: splitQualifications(p.simulation_qualification),
    location_work: p.location_work,
    work_area: p.work_area === null ? '' : String(p.work_area),
    postal_code: p.postal_code,
    area: p.area === null ? '' : String(p.area),
    district: p.district,
    address: p.address,
    phone_1,
    phone_2,
    phone_3,
    gender: String(p.gender),
    birthday: p.birthday,
    password: '',
    re_password: '',
  };
}

/** What the last save said; kept by the tab, because the form is re-made from the reloaded profile. */
type SaveNotice = { pendingEmail: string | null } | null;

function ProfileForm({
  profile,
  notice,
  onNotice,
}: {
  profile: UserProfile;
  notice: SaveNotice;
  onNotice: (notice: SaveNotice) => void;
}) {
  const { t, f } = useI18n();
  const m = t.account.myPage;
  const queryClient = useQueryClient();
  const saved = notice !== null;
  const pendingEmail = notice?.pendingEmail ?? null;
  const form = useForm<Values, unknown, Record<string, unknown>>({
    resolver: useLocalizedResolver(
      zodResolver(profileFormSchema) as unknown as Resolver<Values, unknown, Record<string, unknown>>,
    ),
    defaultValues: toValues(profile),
  });
  const server = useServerErrors(form.setError, PROFILE_FIELD_NAMES);
  // A new address or password waits here for the current password (asked for in a dialog).
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null);
  const [currentError, setCurrentError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: Record<string, unknown>) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(body)) {
        if (value !== undefined && value !== null) data.append(key, String(value));
      }
      return updateProfile(data);
    },
    onSuccess: (next) => {
      setConfirming(null);
      onNotice({ pendingEmail: next.pending_email });
      form.reset(toValues(next));
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) => {
      // The current password was wrong (or tried too often): say so in the dialog, which stays open.
      if (error instanceof ApiRequestError && (error.errors.current_password || error.status === 429)) {
        setCurrentError(error.errors.current_password?.[0] ?? error.message);
        return;
      }
      setConfirming(null);
      server.apply(error);
    },
  });
  const errors = form.formState.errors;
  const profileForm = form as unknown as UseFormReturn<ProfileFieldValues>;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => {
        onNotice(null);
        server.setMessage(null);
        const newEmail = String(body.email ?? '').toLowerCase() !== profile.email.toLowerCase();
        if (body.password || newEmail) {
          setCurrentError(null);
          setConfirming(body);
          return;
        }
        mutation.mutate(body);
      })}
    >
      <Stack gap="lg">
        {saved ? (
          <Alert color="teal" variant="light" role="status">
            {m.saved}
            {pendingEmail ? (
              <Text size="sm" mt={6} data-testid="email-pending">
                {f(m.emailPending, pendingEmail)}
              </Text>
            ) : null}
          </Alert>
        ) : null}
        {server.message ? (
          <Alert color="red" variant="light" role="alert">
            {server.message}
          </Alert>
        ) : null}
        <ProfileFields form={profileForm} />
        <Fieldset legend={t.account.register.sectionAccount}>
          <Stack gap="md">
            <TextInput
              label={t.fields.email}
              type="email"
              required
              autoComplete="email"
              {...form.register('email', blurWith(profileForm, 'email', normalizeEmail))}
              error={errors.email?.message}
            />
            <Title order={3} fz="sm">
              {m.passwordSection}
            </Title>
            <PasswordInput
              label={m.newPassword}
              description={t.account.register.passwordHint}
              autoComplete="new-password"
              {...form.register('password')}
              error={errors.password?.message}
            />
            <PasswordInput
              label={t.fields.rePassword}
              autoComplete="new-password"
              {...form.register('re_password')}
              error={errors.re_password?.message}
            />
          </Stack>
        </Fieldset>
        <Button type="submit" loading={mutation.isPending} maw={360} w="100%" mx="auto">
          {m.save}
        </Button>
        {/* In a portal: its own form, whose submit does not reach this one. */}
        <CurrentPasswordDialog
          opened={confirming !== null}
          pending={mutation.isPending}
          error={currentError}
          onConfirm={(current) => {
            if (confirming) mutation.mutate({ ...confirming, current_password: current });
          }}
          onCancel={() => setConfirming(null)}
        />
      </Stack>
    </form>
  );
}

/** /my-page/info: the profile and the avatar. */
export function ProfileTab() {
  const { t } = useI18n();
  const { user } = useAuth();
  const query = useQuery({ ...profileQuery(user?.id ?? 0), enabled: Boolean(user) });
  const [notice, setNotice] = useState<SaveNotice>(null);
  if (!user || query.isPending) return <Skeleton height={480} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz={18} mb="md">
          {t.account.myPage.avatar}
        </Title>
        <AvatarEditor avatar={query.data.avatar} name={`${query.data.last_name} ${query.data.first_name}`} />
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <ProfileForm key={query.dataUpdatedAt} profile={query.data} notice={notice} onNotice={setNotice} />
      </Paper>
      <LogoutEverywhere />
    </Stack>
  );
}
