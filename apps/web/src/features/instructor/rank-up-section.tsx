import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { QueryError } from '../../components/query-error.tsx';
import { RichText } from '../../components/rich-text.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import {
  levelsQuery,
  candidatesQuery,
  chooseSession,
  instructorKeys,
  rankUpQuery,
  requestRankUp,
} from './api/instructor-calls.ts';
import { useInstructorI18n } from './instructor-messages.ts';
import classes from './instructor.module.css';

const REQUIREMENTS_ID = 'rank-requirements';

/** The status badge's look: open ones light blue (text at shade 9), decided ones filled (as the activity tab's). */
export const STATUS_BADGE: Record<number, { variant: 'light' | 'filled'; color: string; c?: string }> = {
  0: { variant: 'light', color: 'blue', c: 'blue.9' },
  1: { variant: 'light', color: 'blue', c: 'blue.9' },
  2: { variant: 'filled', color: 'teal.9' },
  3: { variant: 'filled', color: 'gray.7' },
};

/** The refusal as the server wrote it (HTML sanitised on the server, spec 001 §8), else its message. */
function refusalOf(error: unknown): { html: string | null; text: string } {
  if (error instanceof ApiRequestError) return { html: error.errors.html?.[0] ?? null, text: error.message };
  return { html: null, text: String(error) };
}

/** ランクアップ申請: the next rank, the request, the evaluation session and the requirements. */
export function RankUpSection() {
  const { m, f, t } = useInstructorI18n();
  const headingId = useId();
  const client = useQueryClient();
  const overview = useQuery(rankUpQuery());
  const levels = useQuery(levelsQuery());
  const latest = overview.data?.requests[0];
  const choosing = latest?.status === 0;
  const candidates = useQuery(candidatesQuery(choosing));
  const [refusal, setRefusal] = useState<{ html: string | null; text: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: instructorKeys.all });
  const request = useMutation({
    mutationFn: requestRankUp,
    onSuccess: refresh,
    onError: (e) => setRefusal(refusalOf(e)),
  });
  const choose = useMutation({
    mutationFn: (trainingId: number) => chooseSession(latest?.id ?? 0, trainingId),
    onSuccess: refresh,
    onError: (e) => setRefusal(refusalOf(e)),
  });

  let body: ReactNode;
  if (overview.isError) body = <QueryError error={overview.error} onRetry={() => void overview.refetch()} />;
  else if (!overview.data) body = null;
  else {
    const { next, requirements } = overview.data;
    const open = latest && (latest.status === 0 || latest.status === 1);
    body = (
      <Stack gap="md">
        <Text>{m.rankUp.lead}</Text>
        {next ? (
          <Group gap="sm" wrap="wrap">
            <Text fw={700} data-testid="rank-up-next">
              {m.rankUp.nextLabel}
              {t.app.colon}
              <span data-user-content>{next.rank.name}</span>
            </Text>
            {!open && (
              <Button
                onClick={() => request.mutate()}
                loading={request.isPending}
                data-testid="rank-up-request"
              >
                {m.rankUp.request}
              </Button>
            )}
          </Group>
        ) : levels.data?.level === null ? (
          // Without a rank the server says why a request cannot be made (its HTML, in the modal).
          <Group>
            <Button
              onClick={() => request.mutate()}
              loading={request.isPending}
              data-testid="rank-up-request"
            >
              {m.rankUp.request}
            </Button>
          </Group>
        ) : levels.data ? (
          <Text c="gray.7">{m.rankUp.top}</Text>
        ) : null}
        {latest && (
          <Paper withBorder p="sm" data-testid="rank-up-latest">
            <Group gap="xs" mb="xs">
              <Text fw={700}>
                {m.office.to}：{latest.to_rank.name}
              </Text>
              <Badge
                {...(STATUS_BADGE[latest.status] ?? STATUS_BADGE[0])}
                radius="sm"
                data-testid="rank-up-status"
              >
                {m.rankUp.statuses[String(latest.status) as '0' | '1' | '2' | '3']}
              </Badge>
            </Group>
            {latest.status === 0 && (
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {m.rankUp.chooseTitle}
                </Title>
                <Text size="sm">{m.rankUp.chooseLead}</Text>
                {candidates.isError ? (
                  <QueryError error={candidates.error} onRetry={() => void candidates.refetch()} />
                ) : !candidates.data ? null : candidates.data.length === 0 ? (
                  <Text c="gray.7">{m.rankUp.noCandidates}</Text>
                ) : (
                  <ul className={classes.candidates} data-testid="rank-up-candidates">
                    {candidates.data.map((c) => (
                      <li key={c.id}>
                        <Paper withBorder p="xs" className={classes.candidate}>
                          <div>
                            <Text fw={700}>{c.name}</Text>
                            <Text size="sm" c="gray.7">
                              {[formatDate(c.event_date), c.venue_name, c.course_name].join(' / ')}
                            </Text>
                          </div>
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => choose.mutate(c.id)}
                            loading={choose.isPending && choose.variables === c.id}
                            aria-label={`${m.rankUp.choose}: ${c.name}`}
                            data-testid={`rank-up-choose-${c.id}`}
                          >
                            {m.rankUp.choose}
                          </Button>
                        </Paper>
                      </li>
                    ))}
                  </ul>
                )}
              </Stack>
            )}
            {latest.training && latest.status !== 0 && (
              <Text size="sm" data-testid="rank-up-session">
                {m.rankUp.chosen}：{latest.training.name}（{formatDate(latest.training.event_date)}、
                {latest.training.venue_name}）
              </Text>
            )}
            {latest.status === 3 && latest.reason && (
              <Text size="sm" c="gray.8">
                {m.office.reason}：{latest.reason}
              </Text>
            )}
          </Paper>
        )}
        <div id={REQUIREMENTS_ID} tabIndex={-1} data-testid="rank-up-requirements">
          <Title order={3} size="h5" mb={4}>
            {m.rankUp.requirementsTitle}
          </Title>
          <ul className={classes.requirements}>
            {requirements.map((r) => (
              <li key={r.rank.level}>
                <Text size="sm">
                  <span data-user-content>{r.rank.name}</span>
                  {t.app.colon}
                  {f(m.rankUp.requirementRule, r.years_at_current, r.sessions_taught)}
                </Text>
              </li>
            ))}
          </ul>
        </div>
      </Stack>
    );
  }
  const goToRequirements = () => {
    setRefusal(null);
    window.setTimeout(() => {
      const target = document.getElementById(REQUIREMENTS_ID);
      target?.scrollIntoView({ block: 'start' });
      target?.focus();
    }, 0);
  };
  return (
    <section aria-labelledby={headingId} data-testid="instructor-rank-up">
      <Title order={2} size="h3" id={headingId} mb="sm">
        {m.rankUp.title}
      </Title>
      {body}
      <Modal
        opened={refusal !== null}
        onClose={() => setRefusal(null)}
        title={m.rankUp.errorTitle}
        closeButtonProps={{ 'aria-label': t.app.close }}
        centered
        data-testid="rank-up-refusal"
      >
        <Stack gap="md">
          <div className={classes.refusal} data-testid="rank-up-refusal-body">
            {refusal?.html ? <RichText html={refusal.html} /> : <Text>{refusal?.text}</Text>}
          </div>
          <Anchor href={`#${REQUIREMENTS_ID}`} onClick={(e) => (e.preventDefault(), goToRequirements())}>
            {m.rankUp.requirementsLink}
          </Anchor>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRefusal(null)} data-testid="rank-up-refusal-no">
              {m.rankUp.no}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}
