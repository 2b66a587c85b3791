import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { forgotPasswordRequestSchema, normalizeEmail, type ForgotPasswordRequest } from '@mels/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { forgotPassword } from './api/auth-calls.ts';
import { useServerErrors } from './use-server-errors.ts';
import { useLocalizedResolver } from '../../lib/messages.ts';

/** /forgot-password: email, then a 'sent' notice that says the same whether or not it is registered. */
export function ForgotPasswordPage() {
  const { t } = useI18n();
  const m = t.account.forgot;
  const form = useForm<ForgotPasswordRequest>({
    resolver: useLocalizedResolver(zodResolver(forgotPasswordRequestSchema)),
    defaultValues: { email: '' },
  });
  const server = useServerErrors(form.setError, ['email']);
  const mutation = useMutation({ mutationFn: forgotPassword, onError: server.apply });
  if (mutation.isSuccess) {
    return (
      <Paper maw={520} mx="auto" p={{ base: 'lg', sm: 'xl' }} withBorder>
        <PageHeading title={m.sentTitle} />
        <Stack gap="md">
          <Text role="status">{mutation.data.message}</Text>
          <Anchor component={Link} to="/login">
            {m.toLogin}
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper maw={520} mx="auto" p={{ base: 'lg', sm: 'xl' }} withBorder>
      <PageHeading title={m.title} lead={m.lead} />
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          server.setMessage(null);
          mutation.mutate({ email: normalizeEmail(values.email) });
        })}
      >
        <Stack gap="md">
          {server.message ? (
            <Alert color="red" variant="light" role="alert">
              {server.message}
            </Alert>
          ) : null}
          <TextInput
            label={t.fields.email}
            type="email"
            required
            autoComplete="email"
            {...form.register('email', {
              onBlur: (e) => form.setValue('email', normalizeEmail(e.target.value)),
            })}
            error={form.formState.errors.email?.message}
          />
          <Button type="submit" loading={mutation.isPending}>
            {m.submit}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {m.toLogin}
          </Anchor>
        </Stack>
      </form>
    </Paper>
  );
}
