import { Alert, Button, Checkbox, Group, List, Stack, Table, Text } from '@mantine/core';
import { RENEWAL_STATUS } from '@mels/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { startRenewal } from './api/renewal-calls.ts';
import { useRenewalI18n } from './renewal-messages.ts';
import { errorText, Panel, RenewalError, RenewalFrame, renewalPaths } from './renewal-shared.tsx';

/** The requirements-unmet page (spec 001 §8): what is needed, what the records show, which sessions counted. */
function Unmet({ errors }: { errors: Record<string, string[]> }) {
  const { r, f } = useRenewalI18n();
  const m = r.unmet;
  const required = errors.required?.[0] ?? '';
  const count = errors.counted_count?.[0] ?? '0';
  const missing = errors.missing?.[0] ?? '';
  const counted = errors.counted ?? [];
  return (
    <Panel title={m.title} testId="renewal-unmet">
      <Text>{m.lead}</Text>
      <List spacing="xs" data-testid="renewal-unmet-counts">
        <List.Item>{f(m.needed, required)}</List.Item>
        <List.Item>{f(m.records, count)}</List.Item>
        {missing && missing !== '0' ? (
          <List.Item>
            <Text span fw={700}>
              {f(m.missing, missing)}
            </Text>
          </List.Item>
        ) : null}
      </List>
      <Text size="sm">{m.rule}</Text>
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {m.countedTitle}
        </Text>
        {counted.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.none}
          </Text>
        ) : (
          <Table withTableBorder striped data-testid="renewal-unmet-sessions">
            <Table.Tbody>
              {counted.map((line) => {
                const [day = '', ...name] = line.split(' ');
                return (
                  <Table.Tr key={line}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(day)}</Table.Td>
                    <Table.Td data-user-content>{name.join(' ')}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Button component={Link} to="/my-page/activities" variant="default" style={{ alignSelf: 'flex-start' }}>
        {m.back}
      </Button>
    </Panel>
  );
}

function Intro({ onNext }: { onNext: () => void }) {
  const { r } = useRenewalI18n();
  const m = r.intro;
  return (
    <Stack gap="lg">
      <Panel title={m.stepsTitle} testId="renewal-intro">
        <List type="ordered" spacing="xs">
          <List.Item>{m.steps.fee}</List.Item>
          <List.Item>{m.steps.videos}</List.Item>
          <List.Item>{m.steps.test}</List.Item>
          <List.Item>{m.steps.certificate}</List.Item>
        </List>
      </Panel>
      <Panel title={m.requirementsTitle}>
        <Text>{m.requirements}</Text>
        <Text size="sm">{m.validity}</Text>
      </Panel>
      <Group gap="sm">
        <Button component={Link} to="/my-page/activities" variant="default">
          {r.back}
        </Button>
        <Button onClick={onNext} data-testid="renewal-intro-next">
          {m.start}
        </Button>
      </Group>
    </Stack>
  );
}

/** The confirmation with the consent checkbox (spec 001 §5); submitting starts the renewal. */
function Confirm({
  courseId,
  certificateId,
  onBack,
}: {
  courseId: string;
  certificateId: number;
  onBack: () => void;
}) {
  const { r, t } = useRenewalI18n();
  const m = r.confirm;
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const [touched, setTouched] = useState(false);
  const start = useMutation({
    mutationFn: () => startRenewal(certificateId),
    onSuccess: (renewal) => {
      const key = { courseId: Number(courseId), certificateId, requestId: renewal.id };
      const paid = renewal.status !== RENEWAL_STATUS.created && renewal.status !== 1;
      void navigate(paid ? renewalPaths.session(key) : renewalPaths.payment(key));
    },
  });
  if (start.error instanceof ApiRequestError && start.error.code === 'RENEWAL_REQUIREMENTS_UNMET')
    return <Unmet errors={start.error.errors} />;
  if (start.isError) return <RenewalError message={errorText(start.error, t.errors.generic)} />;
  const missingConsent = touched && !agreed;
  return (
    <Panel title={m.title} testId="renewal-confirm">
      <Text>{m.lead}</Text>
      <Alert color="gray" variant="light">
        {m.privacy}
      </Alert>
      <Checkbox
        label={m.consent}
        checked={agreed}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
        error={missingConsent ? m.consentRequired : undefined}
        data-testid="renewal-consent"
      />
      <Group gap="sm">
        <Button variant="default" onClick={onBack}>
          {r.back}
        </Button>
        <Button
          loading={start.isPending}
          onClick={() => {
            setTouched(true);
            if (agreed) start.mutate();
          }}
          data-testid="renewal-start"
        >
          {m.submit}
        </Button>
      </Group>
    </Panel>
  );
}

/** /certificate/{courseId}/extend-certificate/basic-instructor/extend/{certificateId}: intro, then confirmation. */
export function RenewalStartPage() {
  const { r, t } = useRenewalI18n();
  const { courseId = '', certificateId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const id = Number(certificateId);
  const confirming = params.get('step') === 'confirm';
  return (
    <RenewalFrame lead={r.intro.lead}>
      {!Number.isInteger(id) || id <= 0 ? (
        <RenewalError message={t.errors.notFound} />
      ) : confirming ? (
        <Confirm courseId={courseId} certificateId={id} onBack={() => setParams({})} />
      ) : (
        <Intro onNext={() => setParams({ step: 'confirm' })} />
      )}
    </RenewalFrame>
  );
}
