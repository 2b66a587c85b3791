import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { OfficeTrainingDetail } from '@mels/domain';
import { useState } from 'react';
import { useOfficeI18n } from './office-messages.ts';
import { closeApplications, offerNext, runLottery } from './api/office-calls.ts';
import { ConfirmAction, formatDateTime } from './office-shared.tsx';
import classes from './office.module.css';

type Recruitment = OfficeTrainingDetail['recruitments'][number];
const SEED = /^[0-9A-Za-z_-]{1,64}$/;

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** The draw of one lottery recruitment: run it (seed optional, confirmed), then its result and offers. */
export function LotteryPanel({
  trainingId,
  recruitment: r,
}: {
  trainingId: number;
  recruitment: Recruitment;
}) {
  const { f, o, t } = useOfficeI18n();
  const m = o.lottery;
  const userType = (t.userTypes as Record<number, string>)[r.user_type_id] ?? r.user_type_name;
  const [seed, setSeed] = useState('');
  const [seedError, setSeedError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'run' | 'offer' | 'close' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const free = Math.max(0, r.capacity - r.participant);

  const askRun = () => {
    const value = seed.trim();
    if (value && !SEED.test(value)) {
      setSeedError(m.seedInvalid);
      return;
    }
    setSeedError(null);
    setDialog('run');
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid={`lottery-${r.user_type_id}`}>
      <Title order={4} mb="xs">
        {f(m.title, userType)}
      </Title>
      {notice ? (
        <Alert color="teal" variant="light" role="status" mb="sm" data-testid="lottery-notice">
          {notice}
        </Alert>
      ) : null}
      {r.draw ? (
        <Stack gap="sm">
          <Text size="sm" fw={700}>
            {m.result}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label={m.entrants} value={f(m.people, r.draw.entrants)} />
            <Figure label={m.winners} value={f(m.people, r.draw.winners)} testId="lottery-winners" />
            <Figure label={m.losers} value={f(m.people, r.waiting_list)} testId="lottery-losers" />
            <Figure label={m.drawnAt} value={formatDateTime(r.draw.drawn_at)} />
          </SimpleGrid>
          <div>
            <Text size="xs" c="dimmed">
              {m.recordedSeed}
            </Text>
            <Text size="sm" className={classes.code} data-testid="lottery-seed">
              {r.draw.seed}
            </Text>
          </div>
          <Group>
            <Button variant="light" onClick={() => setDialog('offer')} disabled={r.waiting_list === 0}>
              {m.offerNext}
            </Button>
          </Group>
        </Stack>
      ) : !r.window_closed ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            {m.notYet}
          </Text>
          <Button variant="default" onClick={() => setDialog('close')}>
            {m.closeApplications}
          </Button>
        </Stack>
      ) : r.awaiting_lottery === 0 ? (
        <Text size="sm" c="dimmed">
          {m.noEntrants}
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{f(m.ready, r.awaiting_lottery, free)}</Text>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={m.seed}
              description={m.seedHelp}
              value={seed}
              onChange={(e) => setSeed(e.currentTarget.value)}
              error={seedError}
              maxLength={64}
              autoComplete="off"
              style={{ flex: '1 1 240px' }}
            />
            <Button color="rose" onClick={askRun}>
              {m.run}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmAction
        opened={dialog === 'run'}
        title={m.confirmTitle}
        confirmLabel={m.confirm}
        action={() => runLottery(trainingId, r.user_type_id, seed.trim() || undefined)}
        onDone={(result) => {
          setDialog(null);
          setNotice(f(m.done, result.winners.length, result.losers.length + result.won_elsewhere.length));
        }}
        onClose={() => setDialog(null)}
      >
        {f(m.confirmBody, userType)}
      </ConfirmAction>
      <ConfirmAction
        opened={dialog === 'close'}
        title={m.closeTitle}
        confirmLabel={m.closeConfirm}
        action={() => closeApplications(trainingId, r.user_type_id)}
        onDone={() => {
          setDialog(null);
          setNotice(m.closed);
        }}
        onClose={() => setDialog(null)}
      >
        {f(m.closeBody, userType)}
      </ConfirmAction>
      <ConfirmAction
        opened={dialog === 'offer'}
        title={m.offerTitle}
        confirmLabel={m.offerConfirm}
        action={() => offerNext(trainingId, r.user_type_id)}
        onDone={() => {
          setDialog(null);
          setNotice(m.offered);
        }}
        onClose={() => setDialog(null)}
      >
        {m.offerBody}
      </ConfirmAction>
    </Paper>
  );
}
