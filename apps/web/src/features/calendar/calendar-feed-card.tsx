import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { calendarEn, calendarJa, format } from '@mels/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { calendarFeedQuery, createCalendarFeed, revokeCalendarFeed } from './api/calendar-calls.ts';

/**
 * The member's private calendar feed: turn it on (the URL is shown once, since the server keeps only its
 * hash), replace it, or turn it off. Calendar apps poll the URL and follow changes and cancellations.
 */
export function CalendarFeedCard() {
  const { lang } = useI18n();
  const c = lang === 'en' ? calendarEn : calendarJa;
  const client = useQueryClient();
  const feed = useQuery(calendarFeedQuery());
  const [url, setUrl] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (created) => {
      setUrl(created.url);
      setNotice(null);
      void client.invalidateQueries({ queryKey: ['calendar-feed'] });
    },
  });
  const revoke = useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => {
      setUrl(null);
      setNotice(c.revoked);
      void client.invalidateQueries({ queryKey: ['calendar-feed'] });
    },
  });
  const failure = create.error ?? revoke.error;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="calendar-feed-title">
          {c.title}
        </Title>
        <Text size="sm">{c.lead}</Text>
        {feed.isError ? <QueryError error={feed.error} onRetry={() => void feed.refetch()} /> : null}
        {feed.data ? (
          <Text size="sm" c="dimmed" data-testid="calendar-feed-state">
            {feed.data.active && feed.data.created_at
              ? format(c.onSince, formatDate(feed.data.created_at))
              : c.off}
          </Text>
        ) : null}
        {notice ? (
          <Alert color="gray" role="status">
            {notice}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert">
            {failure.message}
          </Alert>
        ) : null}
        {url ? (
          <Stack gap="xs">
            <Group align="end" gap="xs" wrap="nowrap">
              <TextInput
                label={c.urlLabel}
                value={url}
                readOnly
                style={{ flex: 1, minWidth: 0 }}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? c.copied : c.copy}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs">{c.urlOnce}</Text>
            <Text size="xs" c="red.8">
              {c.privateNote}
            </Text>
          </Stack>
        ) : null}
        <Group gap="sm">
          <Button onClick={() => create.mutate()} loading={create.isPending} disabled={!feed.data}>
            {feed.data?.active ? c.replace : c.create}
          </Button>
          {feed.data?.active ? (
            <Button variant="default" onClick={() => revoke.mutate()} loading={revoke.isPending}>
              {c.revoke}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
