import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@mels/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { resetPassword } from './api/auth-calls.ts';
import { useServerErrors } from './use-server-errors.ts';
import { useLocalizedResolver } from '../../lib/messages.ts';

/** /forgot-password/{token}: the new password twice, then a completion page with a link to /login. */
export function ResetPasswordPage() {
  const { t } = useI18n();
  const m = t.account.forgot;
  const { token = '' } = useParams();
  const form = useForm<ResetPasswordForm>({
    resolver: useLocalizedResolver(zodResolver(resetPasswordFormSchema)),
    defaultValues: { password: '', re_password: '' },
  });
  const server = useServerErrors(form.setError, ['password', 're_password']);
  const mutation = useMutation({ mutationFn: resetPassword, onError: server.apply });
  if (mutation.isSuccess) {
    return (
      <Paper maw={520} mx="auto" p={{ base: 'lg', sm: 'xl' }} withBorder>
        <PageHeading title={m.doneTitle} />
        <Stack gap="md">
          <Text role="status">{mutation.data.message}</Text>
          <Button component={Link} to="/login">
            {m.toLogin}
          </Button>
        </Stack>
      </Paper>
    );
  }
  const errors = form.formState.errors;
  return (
    <Paper maw={520} mx="auto" p={{ base: 'lg', sm: 'xl' }} withBorder>
      <PageHeading title={m.resetTitle} lead={m.resetLead} />
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          server.setMessage(null);
          mutation.mutate({ password: values.password, re_password: values.re_password, token });
        })}
      >
        <Stack gap="md">
          {server.message ? (
            <Alert color="red" variant="light" role="alert">
              {server.message}
              <Anchor component={Link} to="/forgot-password" display="block" mt={6} size="sm">
                {m.requestAgain}
              </Anchor>
            </Alert>
          ) : null}
          <PasswordInput
            label={t.fields.password}
            description={t.account.register.passwordHint}
            required
            autoComplete="new-password"
            {...form.register('password')}
            error={errors.password?.message}
          />
          <PasswordInput
            label={t.fields.rePassword}
            required
            autoComplete="new-password"
            {...form.register('re_password')}
            error={errors.re_password?.message}
          />
          <Button type="submit" loading={mutation.isPending}>
            {m.resetSubmit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
