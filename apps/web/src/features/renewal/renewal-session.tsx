import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { RenewalView } from '@mels/domain';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import { useRenewalI18n } from './renewal-messages.ts';
import { Fact, Panel, RenewalGuard, renewalPaths, type RenewalKey } from './renewal-shared.tsx';

type StepState = 'active' | 'finished' | 'disabled';

const BADGE: Record<StepState, { color: string; c: string }> = {
  active: { color: 'blue', c: 'blue.9' },
  finished: { color: 'teal', c: 'teal.9' },
  disabled: { color: 'gray', c: 'gray.8' },
};

/** One step: a link while it can be opened (active or finished), plain text while disabled (spec 001 §4). */
function Step({
  number,
  label,
  state,
  to,
  testId,
}: {
  number: number;
  label: string;
  state: StepState;
  to: string;
  testId: string;
}) {
  const { r } = useRenewalI18n();
  return (
    <li data-testid={testId} data-state={state} style={{ listStyle: 'none' }}>
      <Group
        justify="space-between"
        wrap="wrap"
        gap="sm"
        p="md"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      >
        <Group gap="sm" wrap="nowrap">
          <Badge
            size="lg"
            circle
            variant="filled"
            color={state === 'disabled' ? 'gray.6' : 'blue.8'}
            aria-hidden="true"
          >
            {number}
          </Badge>
          {state === 'disabled' ? (
            <Text fw={700} c="gray.7" data-testid={`${testId}-label`}>
              {label}
            </Text>
          ) : (
            <Text fw={700} component={Link} to={to} c="blue.9" td="underline" data-testid={`${testId}-link`}>
              {label}
            </Text>
          )}
        </Group>
        <Badge variant="light" color={BADGE[state].color} c={BADGE[state].c}>
          {r.session.states[state]}
        </Badge>
      </Group>
    </li>
  );
}

function SessionBody({ renewal, k }: { renewal: RenewalView; k: RenewalKey }) {
  const { r, f } = useRenewalI18n();
  const m = r.session;
  const s = renewal.steps;
  const source = renewal.source_certificate;
  return (
    <Stack gap="lg">
      <Panel title={m.title} testId="renewal-session">
        <dl style={{ display: 'grid', gap: 8, margin: 0 }}>
          <Fact label={r.certificate.number}>
            <span data-user-content>{source.certificate_number}</span>
          </Fact>
          <Fact label={r.certificate.period}>
            {f(r.certificate.range, formatDate(source.start_date), formatDate(source.end_date))}
          </Fact>
          <Fact label={r.certificate.renewedPeriod} testId="renewal-renewed-period">
            {f(
              r.certificate.range,
              formatDate(renewal.renewed_validity.start_date),
              formatDate(renewal.renewed_validity.end_date),
            )}
          </Fact>
        </dl>
        <Stack component="ol" gap="sm" p={0} m={0} aria-label={m.stepsLabel}>
          <Step
            number={1}
            label={m.step3}
            state={s.videos}
            to={renewalPaths.videos(k)}
            testId="renewal-step-3"
          />
          <Step
            number={2}
            label={m.step8}
            state={s.post_test}
            to={renewalPaths.test(k)}
            testId="renewal-step-8"
          />
        </Stack>
        {s.certificate ? (
          <Alert color="teal" variant="light" role="status">
            {m.complete}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {m.certificateHint}
          </Text>
        )}
        <Group gap="sm">
          <Button component={Link} to="/my-page/activities" variant="default">
            {r.backToMyPage}
          </Button>
          {s.certificate ? (
            <Button component={Link} to={renewalPaths.certificate(k)} data-testid="renewal-get-certificate">
              {m.getCertificate}
            </Button>
          ) : (
            <Button disabled data-testid="renewal-get-certificate">
              {m.getCertificate}
            </Button>
          )}
        </Group>
      </Panel>
    </Stack>
  );
}

/** …/extend/{certificateId}/{requestId}/session: the two steps (3 videos, 8 test) and Get certificate (at 4). */
export function RenewalSessionPage() {
  return (
    <RenewalGuard page="session">{(renewal, k) => <SessionBody renewal={renewal} k={k} />}</RenewalGuard>
  );
}
