import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { normalizeEmail } from '@mels/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useClaimI18n } from './claim-messages.ts';
import { checkClaim, type ClaimCourse } from './api/claim-calls.ts';
import {
  claimBody,
  ClaimFrame,
  claimPath,
  Fact,
  FocusTitle,
  normalizeCode,
  type ClaimState,
  type CodeKind,
} from './claim-shared.tsx';

const CODE_FIELDS = { attendance: 'attendance_code', certificate: 'certificate_code' } as const;

function CodeForm({ course, kind }: { course: ClaimCourse; kind: CodeKind }) {
  const { t, c } = useClaimI18n();
  const m = c.code;
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; notFound: boolean } | null>(null);
  // The server answers an unknown code and a record of another address alike (404, decision 020):
  // after a 404 the email used at the course is offered, the code kept.
  const [askEmail, setAskEmail] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const label = kind === 'attendance' ? c.methodAttendance : c.methodCertificate;

  const mutation = useMutation({
    mutationFn: (input: { code: string; email?: string }) =>
      checkClaim(claimBody(course.id, kind, input.code, input.email)),
    onSuccess: (check, input) => {
      const state: ClaimState = { kind, code: input.code, email: input.email, check, checkedAt: Date.now() };
      void navigate(claimPath(course.id, 'attendance-code'), { state });
    },
    onError: (error, input) => {
      if (!(error instanceof ApiRequestError)) {
        setFailure({ message: t.errors.generic, notFound: false });
        return;
      }
      const notFound = error.code === 'NG_CERTIFICATE_CODE' || error.status === 404;
      if (notFound && input.email) {
        setEmailError(m.emailNotFound);
        return;
      }
      const fieldError = error.errors[CODE_FIELDS[kind]]?.[0];
      if (error.status === 400 && fieldError && !input.email) {
        setCodeError(fieldError);
        return;
      }
      if (error.status === 400 && error.errors.email?.[0] && input.email) {
        setEmailError(error.errors.email[0]);
        return;
      }
      setFailure({
        message: error.status === 429 ? error.message || t.errors.rateLimited : error.message,
        notFound,
      });
    },
  });

  const submitCode = () => {
    const value = normalizeCode(code);
    setCode(value);
    setFailure(null);
    if (!value) {
      setCodeError(kind === 'attendance' ? m.attendanceRequired : m.certificateRequired);
      return;
    }
    setCodeError(null);
    mutation.mutate({ code: value });
  };

  const submitEmail = () => {
    const value = normalizeEmail(email);
    setEmail(value);
    setFailure(null);
    if (!value) {
      setEmailError(m.emailRequired);
      return;
    }
    setEmailError(null);
    mutation.mutate({ code, email: value });
  };

  const failureAlert = failure ? (
    <Alert color="red" variant="light" role="alert" data-testid="claim-code-error">
      <Stack gap={4}>
        <Text size="sm" fw={700}>
          {failure.message}
        </Text>
        {failure.notFound ? (
          <Text size="sm">
            {m.notFoundHelp}{' '}
            <Anchor component={Link} to="/contact-us" size="sm">
              {c.forgot.contactLink}
            </Anchor>
          </Text>
        ) : null}
        {failure.notFound && !askEmail ? (
          <Stack gap={6} align="flex-start">
            <Text size="sm">{m.emailOfferLead}</Text>
            <Button
              size="sm"
              variant="default"
              onClick={() => {
                setFailure(null);
                setAskEmail(true);
              }}
            >
              {m.emailOffer}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Alert>
  ) : null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      {askEmail ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submitEmail();
          }}
        >
          <Stack gap="md" component="section" aria-labelledby="claim-email-title">
            <FocusTitle id="claim-email-title">{m.emailTitle}</FocusTitle>
            <Stack gap="sm" component="dl" m={0}>
              <Fact label={t.fields.course}>{course.name}</Fact>
              <Fact label={label}>{code}</Fact>
            </Stack>
            <Alert color="blue" variant="light" role="status">
              {m.emailLead}
            </Alert>
            {failureAlert}
            <TextInput
              label={m.emailLabel}
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={emailError}
              maw={420}
            />
            <Group gap="sm">
              <Button type="submit" loading={mutation.isPending}>
                {m.emailSubmit}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setAskEmail(false);
                  setEmail('');
                  setEmailError(null);
                  setFailure(null);
                }}
              >
                {m.emailCancel}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submitCode();
          }}
        >
          <Stack gap="md">
            <dl style={{ margin: 0 }}>
              <Fact label={t.fields.course}>{course.name}</Fact>
            </dl>
            <TextInput
              label={label}
              description={kind === 'attendance' ? m.attendanceHelp : m.certificateHelp}
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                if (event.currentTarget.value.trim()) setCodeError(null);
              }}
              error={codeError}
              maw={420}
              inputWrapperOrder={['label', 'description', 'input', 'error']}
            />
            {failureAlert}
            <Group gap="sm">
              <Button type="submit" loading={mutation.isPending}>
                {m.submit}
              </Button>
              <BackToStartButton />
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}

function BackToStartButton() {
  const { t } = useClaimI18n();
  const navigate = useNavigate();
  return (
    <Button variant="default" onClick={() => void navigate('/certificate')}>
      {t.app.back}
    </Button>
  );
}

/** /certificate/{courseId}/input-code and /certificate-no: the code, checked against the older system. */
export function CodeStep({ kind }: { kind: CodeKind }) {
  const { c } = useClaimI18n();
  const m = c.code;
  return (
    <ClaimFrame title={kind === 'attendance' ? m.attendanceTitle : m.certificateTitle}>
      {(course) => <CodeForm key={`${course.id}-${kind}`} course={course} kind={kind} />}
    </ClaimFrame>
  );
}
