import { Alert, Button, Group, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { accountSecurityEn, accountSecurityJa } from '@mels/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { logoutEverywhere } from '../api/auth-calls.ts';

/**
 * Asks for the current password before a new login address or password is saved (a token alone
 * must not be enough to take an account). The server checks it; its message shows under the input.
 */
export function CurrentPasswordDialog({
  opened,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  pending: boolean;
  /** The server's message about the current password (wrong, too many attempts). */
  error: string | null;
  onConfirm: (currentPassword: string) => void;
  onCancel: () => void;
}) {
  const { t, lang } = useI18n();
  const s = lang === 'en' ? accountSecurityEn : accountSecurityJa;
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setValue('');
    setMissing(false);
    onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (value === '') {
      setMissing(true);
      return;
    }
    onConfirm(value);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={s.confirmTitle}
      centered
      closeButtonProps={{ 'aria-label': t.app.close }}
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm">{s.confirmLead}</Text>
          <PasswordInput
            label={s.currentPassword}
            required
            autoComplete="current-password"
            data-autofocus
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? s.currentPasswordRequired : error}
            data-testid="current-password"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {s.cancel}
            </Button>
            <Button type="submit" loading={pending} data-testid="current-password-submit">
              {s.confirmSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 'すべての端末からログアウト': revokes every token of the member after a confirmation, then logs out here. */
export function LogoutEverywhere() {
  const { t, lang } = useI18n();
  const s = lang === 'en' ? accountSecurityEn : accountSecurityJa;
  const { signOut } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: async () => {
      setConfirming(false);
      await signOut();
    },
  });
  const failure =
    mutation.error instanceof ApiRequestError
      ? mutation.error.message
      : mutation.error
        ? t.errors.generic
        : null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz={18} mb="xs">
        {s.logoutAllSection}
      </Title>
      <Text size="sm" mb="md">
        {s.logoutAllLead}
      </Text>
      <Button variant="outline" color="red.9" onClick={() => setConfirming(true)} data-testid="logout-all">
        {s.logoutAll}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={s.logoutAllTitle}
        centered
        closeButtonProps={{ 'aria-label': t.app.close }}
      >
        <Stack>
          <Text size="sm">{s.logoutAllBody}</Text>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {s.cancel}
            </Button>
            <Button
              color="red.9"
              loading={mutation.isPending}
              onClick={() => mutation.mutate()}
              data-testid="logout-all-confirm"
            >
              {s.logoutAllConfirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
