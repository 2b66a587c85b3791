import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { CONTACT_SUBJECTS, contactSendSchema, type ContactSend, type ContactSendInput } from '@mels/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { sendContact } from './api/send-contact.ts';
import classes from './contact.module.css';
import { useLocalizedResolver } from '../../lib/messages.ts';

type Values = ContactSendInput;
const FIELDS: readonly FieldPath<Values>[] = [
  'client_name',
  'location_work',
  'client_email',
  'subject',
  'description',
  'content',
];
type Trimmed = 'client_name' | 'location_work' | 'client_email' | 'description';

function Thanks({ email }: { email: string }) {
  const { t, f } = useI18n();
  const c = t.publicSite.contact;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <PageTitle title={c.thanksTitle} />
      <Paper withBorder p={{ base: 'lg', sm: 40 }} ta="center" data-testid="contact-thanks">
        <Title
          order={1}
          fz={{ base: 22, sm: 28 }}
          ref={heading}
          tabIndex={-1}
          className={classes.focusTarget}
        >
          {c.thanksTitle}
        </Title>
        <Text mt="md">{c.thanksBody}</Text>
        <Text mt="xs" size="sm" c="dimmed">
          {f(c.thanksMail, email)}
        </Text>
        <Button component={Link} to="/" mt="xl" variant="light">
          {c.toHome}
        </Button>
      </Paper>
    </>
  );
}

/** /contact-us: the contact form (spec 001 §5), validated with the domain schema the server uses. */
export function ContactPage() {
  const { t } = useI18n();
  const c = t.publicSite.contact;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Values, unknown, ContactSend>({
    resolver: useLocalizedResolver(zodResolver(contactSendSchema)),
    defaultValues: { client_name: '', location_work: '', client_email: '', description: '', content: '' },
  });
  const { register, control, handleSubmit, setError, setValue, formState } = form;
  const errors = formState.errors;
  const subject = useWatch({ control, name: 'subject' });
  const mutation = useMutation({ mutationFn: sendContact });

  const trimOnBlur = (name: Trimmed) => ({
    onBlur: (event: FocusEvent<HTMLInputElement>) =>
      setValue(name, event.currentTarget.value.trim(), { shouldValidate: formState.isSubmitted }),
  });

  const onSubmit = handleSubmit(async (values) => {
    const body: ContactSend = {
      ...values,
      description: values.subject === 'other' ? values.description : undefined,
    };
    try {
      await mutation.mutateAsync(body);
      setSentTo(body.client_email);
      window.scrollTo({ top: 0 });
    } catch (error) {
      if (error instanceof ApiRequestError) {
        let first = true;
        for (const [field, messages] of Object.entries(error.errors)) {
          if (!(FIELDS as readonly string[]).includes(field) || !messages[0]) continue;
          setError(
            field as FieldPath<Values>,
            { type: 'server', message: messages[0] },
            { shouldFocus: first },
          );
          first = false;
        }
      }
    }
  });

  if (sentTo !== null) return <Thanks email={sentTo} />;

  const serverMessage =
    mutation.error instanceof ApiRequestError
      ? mutation.error.message
      : mutation.error
        ? t.errors.generic
        : null;

  return (
    <>
      <PageHeading title={c.title} lead={c.lead} />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={760}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={c.title} className={classes.form}>
          <Stack gap="md">
            {serverMessage ? (
              <Alert color="red" variant="light" title={c.failed} role="alert">
                {serverMessage}
              </Alert>
            ) : null}
            <TextInput
              label={c.name}
              required
              autoComplete="name"
              {...register('client_name', trimOnBlur('client_name'))}
              error={errors.client_name?.message}
            />
            <TextInput
              label={c.workplace}
              required
              autoComplete="organization"
              {...register('location_work', trimOnBlur('location_work'))}
              error={errors.location_work?.message}
            />
            <TextInput
              label={c.email}
              required
              type="email"
              inputMode="email"
              autoComplete="email"
              {...register('client_email', trimOnBlur('client_email'))}
              error={errors.client_email?.message}
            />
            <Controller
              control={control}
              name="subject"
              render={({ field }) => (
                <Radio.Group
                  label={c.subject}
                  required
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(value)}
                  error={errors.subject?.message}
                  name={field.name}
                >
                  <Stack gap="xs" mt={6}>
                    {CONTACT_SUBJECTS.map((key, i) => (
                      <Radio
                        key={key}
                        value={key}
                        label={c.subjects[key]}
                        ref={i === 0 ? field.ref : undefined}
                        onBlur={field.onBlur}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            />
            {subject === 'other' ? (
              <TextInput
                label={c.description}
                required
                description={c.descriptionHint}
                {...register('description', trimOnBlur('description'))}
                error={errors.description?.message}
              />
            ) : null}
            <Textarea
              label={c.content}
              required
              autosize
              minRows={6}
              maxRows={16}
              {...register('content')}
              error={errors.content?.message}
            />
            <Group>
              <Button type="submit" size="md" loading={formState.isSubmitting} className={classes.submit}>
                {c.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
