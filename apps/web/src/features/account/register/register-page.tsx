// A page visitors land on (a new member's registration): its Mantine styles beyond the first visit's
// (mantine-styles.ts) come with its code and profile-fields.tsx's, not the whole stylesheet (issue 20,
// decision 047).
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Fieldset, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { normalizeEmail, registerFormSchema, type RegisterRequest } from '@mels/domain';
import { useEffect } from 'react';
import { useForm, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { DeferredSection } from '../../../components/deferred-section.tsx';
import { DrawnLater } from '../../../components/drawn-later.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PrivacyNote } from '../../../components/privacy-note.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { blurWith, emptyProfile, ProfileFields, type ProfileFieldValues } from '../profile-fields.tsx';
import { registerStore, type RegisterDraft } from './register-store.ts';
import { useLocalizedResolver } from '../../../lib/messages.ts';

type Values = RegisterDraft['values'];

/** /register: the input step. Values are checked with the same schema the server uses. */
export function RegisterPage() {
  const { t } = useI18n();
  const m = t.account.register;
  const navigate = useNavigate();
  const draft = registerStore.get();
  const form = useForm<Values, unknown, RegisterRequest>({
    resolver: useLocalizedResolver(
      zodResolver(registerFormSchema) as unknown as Resolver<Values, unknown, RegisterRequest>,
    ),
    defaultValues: draft?.values ?? { ...emptyProfile, password: '', re_password: '', privacy: false },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  // Coming back from the confirm page after a server error: show its field errors here.
  useEffect(() => {
    const errors = draft?.serverErrors;
    if (!errors) return;
    for (const [field, messages] of Object.entries(errors)) {
      const target = field === 'phone' ? 'phone_3' : field;
      if (messages[0]) form.setError(target as Path<Values>, { type: 'server', message: messages[0] });
    }
  }, [draft, form]);
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) => {
    registerStore.set({ values: form.getValues(), body });
    void navigate('/register-confirm');
  });
  return (
    <Paper maw={820} mx="auto" p={{ base: 'md', sm: 'xl' }} withBorder>
      <PageHeading title={m.title} lead={m.lead} />
      <form noValidate onSubmit={(e) => void submit(e)}>
        <Stack gap="lg">
          {draft?.serverMessage ? (
            <Alert color="red" variant="light" role="alert">
              {draft.serverMessage}
            </Alert>
          ) : null}
          {Object.keys(errors).length > 0 ? (
            <Alert color="red" variant="light" role="alert">
              {t.errors.validation}
            </Alert>
          ) : null}
          <ProfileFields form={form as unknown as UseFormReturn<ProfileFieldValues>} />
          <DrawnLater reserve={286}>
            <Fieldset legend={m.sectionAccount}>
              <Stack gap="md">
                <TextInput
                  label={t.fields.email}
                  type="email"
                  required
                  autoComplete="email"
                  {...form.register(
                    'email',
                    blurWith(form as unknown as UseFormReturn<ProfileFieldValues>, 'email', normalizeEmail),
                  )}
                  error={errors.email?.message}
                />
                <PasswordInput
                  label={t.fields.password}
                  description={m.passwordHint}
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
              </Stack>
            </Fieldset>
          </DrawnLater>
          {/* Drawn in a task of its own over the prerendered page (decision 074), at once elsewhere. */}
          <DeferredSection name="register-submit">
            <Stack gap={6}>
              <PrivacyNote sentence={m.privacyNote} linkLabel={m.privacyLink} />
              <Checkbox
                label={m.privacyLabel}
                {...form.register('privacy')}
                error={errors.privacy?.message}
              />
            </Stack>
            <Button type="submit" size="md" maw={360} w="100%" mx="auto">
              {m.toConfirm}
            </Button>
          </DeferredSection>
        </Stack>
      </form>
    </Paper>
  );
}
