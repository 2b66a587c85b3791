import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  localHoldingRegisterSchema,
  type LocalHoldingRegister,
  type LocalHoldingRegisterInput,
} from '@mels/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { registerLocalHolding } from './api/register-local-holding.ts';
import classes from './seminar-register.module.css';
import { useLocalizedResolver } from '../../lib/messages.ts';

type Step = 'input' | 'confirm' | 'finish';
type Values = LocalHoldingRegisterInput;
type ServerErrors = { message: string; fields: Partial<Record<FieldPath<Values>, string>> };

const FIELDS = [
  'organization',
  'secretariat_name',
  'secretariat_address',
  'secretariat_phone',
  'secretariat_email',
  'secretariat_password',
] as const satisfies readonly FieldPath<Values>[];

const EMPTY: Values = {
  organization: '',
  secretariat_name: '',
  secretariat_address: '',
  secretariat_phone: '',
  secretariat_email: '',
  secretariat_password: '',
};

function useLabels() {
  const { t } = useI18n();
  const r = t.publicSite.seminarRegister;
  return {
    organization: r.organization,
    secretariat_name: r.secretariatName,
    secretariat_address: r.secretariatAddress,
    secretariat_phone: r.secretariatPhone,
    secretariat_email: r.secretariatEmail,
    secretariat_password: r.secretariatPassword,
  } satisfies Record<(typeof FIELDS)[number], string>;
}

/** Input → confirm → finish, shown as an ordered list with the current step marked. */
function StepIndicator({ step }: { step: Step }) {
  const { t } = useI18n();
  const r = t.publicSite.seminarRegister;
  const steps: Step[] = ['input', 'confirm', 'finish'];
  const current = steps.indexOf(step);
  return (
    <ol className={classes.steps} aria-label={r.stepsLabel}>
      {steps.map((s, i) => (
        <li
          key={s}
          className={classes.step}
          data-state={i < current ? 'done' : i === current ? 'current' : 'todo'}
          aria-current={i === current ? 'step' : undefined}
        >
          <span className={classes.stepNo} aria-hidden>
            {i + 1}
          </span>
          {r.steps[s]}
        </li>
      ))}
    </ol>
  );
}

/** Focuses the step's heading when the step changes, so keyboard and screen-reader users follow along. */
function useStepFocus(step: Step) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step]);
  return ref;
}

function InputStep({
  initial,
  serverErrors,
  onConfirm,
}: {
  initial: Values;
  serverErrors: ServerErrors | null;
  onConfirm: (values: LocalHoldingRegister) => void;
}) {
  const { t } = useI18n();
  const r = t.publicSite.seminarRegister;
  const labels = useLabels();
  const { register, handleSubmit, setError, setValue, formState } = useForm<
    Values,
    unknown,
    LocalHoldingRegister
  >({
    resolver: useLocalizedResolver(zodResolver(localHoldingRegisterSchema)),
    defaultValues: initial,
  });
  const errors = formState.errors;

  useEffect(() => {
    if (!serverErrors) return;
    let first = true;
    for (const field of FIELDS) {
      const message = serverErrors.fields[field];
      if (!message) continue;
      setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  }, [serverErrors, setError]);

  const text = (name: Exclude<(typeof FIELDS)[number], 'secretariat_password'>) =>
    register(name, {
      onBlur: (event: FocusEvent<HTMLInputElement>) =>
        setValue(name, event.currentTarget.value.trim(), { shouldValidate: formState.isSubmitted }),
    });

  return (
    <form
      onSubmit={(e) => void handleSubmit(onConfirm)(e)}
      noValidate
      aria-label={r.title}
      className={classes.form}
    >
      <Stack gap="md">
        {serverErrors ? (
          <Alert color="red" variant="light" role="alert" title={r.failed}>
            {serverErrors.message}
          </Alert>
        ) : null}
        <TextInput
          label={labels.organization}
          required
          autoComplete="organization"
          {...text('organization')}
          error={errors.organization?.message}
        />
        <TextInput
          label={labels.secretariat_name}
          required
          autoComplete="name"
          {...text('secretariat_name')}
          error={errors.secretariat_name?.message}
        />
        <TextInput
          label={labels.secretariat_address}
          required
          autoComplete="street-address"
          {...text('secretariat_address')}
          error={errors.secretariat_address?.message}
        />
        <TextInput
          label={labels.secretariat_phone}
          required
          type="tel"
          autoComplete="tel"
          description={r.phoneHint}
          {...text('secretariat_phone')}
          error={errors.secretariat_phone?.message}
        />
        <TextInput
          label={labels.secretariat_email}
          required
          type="email"
          inputMode="email"
          autoComplete="email"
          {...text('secretariat_email')}
          error={errors.secretariat_email?.message}
        />
        <PasswordInput
          label={labels.secretariat_password}
          required
          autoComplete="new-password"
          description={r.passwordHint}
          {...register('secretariat_password')}
          error={errors.secretariat_password?.message}
        />
        <Group>
          <Button type="submit" size="md" className={classes.primary}>
            {r.toConfirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmStep({
  values,
  pending,
  onBack,
  onSubmit,
}: {
  values: LocalHoldingRegister;
  pending: boolean;
  onBack: () => void;
  onSubmit: () => void;
}) {
  const { t } = useI18n();
  const r = t.publicSite.seminarRegister;
  const labels = useLabels();
  return (
    <Stack gap="lg">
      <Text>{r.confirmLead}</Text>
      <dl className={classes.confirm} data-testid="seminar-register-confirm">
        {FIELDS.map((field) => (
          <div key={field} className={classes.confirmRow}>
            <dt>{labels[field]}</dt>
            <dd>{field === 'secretariat_password' ? r.passwordMasked : values[field]}</dd>
          </div>
        ))}
      </dl>
      <Group className={classes.actions}>
        <Button variant="default" size="md" onClick={onBack} disabled={pending}>
          {r.backToInput}
        </Button>
        <Button size="md" onClick={onSubmit} loading={pending}>
          {r.submit}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /seminar-register: a local holding (地域開催団体) applies to hold sessions. The entered values live in
 * memory only, so a reload starts again at the input step.
 */
export function SeminarRegisterPage() {
  const { t } = useI18n();
  const r = t.publicSite.seminarRegister;
  const [step, setStep] = useState<Step>('input');
  const [values, setValues] = useState<LocalHoldingRegister | null>(null);
  const [serverErrors, setServerErrors] = useState<ServerErrors | null>(null);
  const headingRef = useStepFocus(step);
  const mutation = useMutation({ mutationFn: registerLocalHolding });

  const submit = async () => {
    if (!values) return;
    try {
      await mutation.mutateAsync(values);
      setValues(null);
      setStep('finish');
    } catch (error) {
      // Any failure returns to the input step with the server's message and field errors.
      const fields: ServerErrors['fields'] = {};
      if (error instanceof ApiRequestError) {
        for (const [field, messages] of Object.entries(error.errors)) {
          if ((FIELDS as readonly string[]).includes(field) && messages[0])
            fields[field as FieldPath<Values>] = messages[0];
        }
      }
      setServerErrors({
        message: error instanceof ApiRequestError ? error.message : t.errors.generic,
        fields,
      });
      setStep('input');
    }
  };

  const stepTitle =
    step === 'input' ? r.title : step === 'confirm' ? `${r.title}（${r.steps.confirm}）` : r.finishTitle;

  return (
    <>
      <PageHeading title={r.title} lead={step === 'input' ? r.lead : undefined} documentTitle={stepTitle} />
      <StepIndicator step={step} />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={760}>
        <Title order={2} fz={20} mb="md" ref={headingRef} tabIndex={-1} className={classes.focusTarget}>
          {step === 'finish' ? r.finishTitle : r.steps[step]}
        </Title>
        {step === 'input' ? (
          <InputStep
            initial={values ?? EMPTY}
            serverErrors={serverErrors}
            onConfirm={(next) => {
              setValues(next);
              setServerErrors(null);
              setStep('confirm');
            }}
          />
        ) : step === 'confirm' && values ? (
          <ConfirmStep
            values={values}
            pending={mutation.isPending}
            onBack={() => setStep('input')}
            onSubmit={() => void submit()}
          />
        ) : (
          <Stack gap="lg" data-testid="seminar-register-finish">
            <Text>{r.finishBody}</Text>
            <Group>
              <Button component={Link} to="/seminar-info" variant="light">
                {r.toSeminarInfo}
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </>
  );
}
