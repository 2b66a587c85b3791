// A page visitors land on (a protected page's login): its Mantine styles beyond the first visit's
// (mantine-styles.ts) come with its code, not the whole stylesheet (issue 20, decision 047).
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Divider, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { loginRequestSchema, normalizeEmail, type LoginRequest } from '@mels/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { returnPath } from '../../lib/auth/require-auth.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { login } from './api/auth-calls.ts';
import { useServerErrors } from './use-server-errors.ts';
import { useLocalizedResolver } from '../../lib/messages.ts';

export function LoginPage() {
  const { t } = useI18n();
  const m = t.account.login;
  const { isLoggedIn, signIn, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnPath(location.state);
  const form = useForm<LoginRequest>({
    resolver: useLocalizedResolver(zodResolver(loginRequestSchema)),
    defaultValues: { email: '', password: '' },
  });
  const server = useServerErrors(form.setError, ['email', 'password']);
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      signIn(session.token, session.user);
      // A local holding's account goes to its host view (decision 041).
      void navigate(session.user.role === 'host' ? '/host' : target, { replace: true });
    },
    onError: server.apply,
  });
  if (isLoggedIn && !mutation.isSuccess)
    return <Navigate to={user?.role === 'host' ? '/host' : target} replace />;
  const errors = form.formState.errors;
  return (
    <Paper maw={480} mx="auto" p={{ base: 'lg', sm: 'xl' }} withBorder>
      <PageHeading title={m.title} lead={m.lead} />
      {target.startsWith('/session/') ? (
        // A visitor sent here from a session page: say why, and the login returns there.
        <Alert color="blue" variant="light" mb="md" data-testid="login-session-notice">
          {m.sessionNotice}
        </Alert>
      ) : null}
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          server.setMessage(null);
          mutation.mutate({ email: normalizeEmail(values.email), password: values.password });
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
            autoComplete="email"
            required
            {...form.register('email', {
              onBlur: (e) => form.setValue('email', normalizeEmail(e.target.value)),
            })}
            error={errors.email?.message}
          />
          <PasswordInput
            label={t.fields.password}
            autoComplete="current-password"
            required
            {...form.register('password')}
            error={errors.password?.message}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth size="md">
            {m.submit}
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            {m.forgot}
          </Anchor>
          <Divider label={m.noAccount} labelPosition="center" />
          <Button component={Link} to="/register" variant="outline" fullWidth>
            {m.toRegister}
          </Button>
        </Stack>
      </form>
      <Text size="xs" c="dimmed" mt="md" ta="center">
        {t.app.association}
      </Text>
    </Paper>
  );
}
