import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { Lesson, RenewalVideos } from '@mels/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { coveragePercent, LessonList } from '../../components/lesson-list.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useWatchTracker } from '../../lib/watch-tracker.ts';
import {
  markRenewalVideoSeen,
  renewalKeys,
  renewalVideosQuery,
  reportRenewalProgress,
  reportRenewalProgressOnExit,
} from './api/renewal-calls.ts';
import { useRenewalI18n } from './renewal-messages.ts';
import { errorText, Panel, RenewalGuard, renewalPaths, type RenewalKey } from './renewal-shared.tsx';
import classes from './renewal.module.css';

export function formatDuration(total: number): string {
  const s = Math.max(0, Math.floor(total));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function Meta({ lesson }: { lesson: Lesson }) {
  const { r } = useRenewalI18n();
  return (
    <dl className={classes.meta}>
      <div>
        <dt>{r.videos.tutor}</dt>
        <dd data-user-content>{lesson.tutor}</dd>
      </div>
      <div>
        <dt>{r.videos.duration}</dt>
        <dd>{formatDuration(lesson.duration)}</dd>
      </div>
    </dl>
  );
}

function Complete({ k }: { k: RenewalKey }) {
  const { r } = useRenewalI18n();
  return (
    <Alert
      color="teal"
      variant="light"
      title={r.videos.completeTitle}
      role="status"
      data-testid="renewal-videos-complete"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{r.videos.completeBody}</Text>
        <Button component={Link} to={renewalPaths.test(k)} data-testid="renewal-to-test">
          {r.videos.toTest}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The player: reports what really played; at the end asks the server to count the video as seen. */
function Player({
  k,
  lesson,
  completed,
  onBack,
}: {
  k: RenewalKey;
  lesson: Lesson;
  completed: boolean;
  onBack: () => void;
}) {
  const { r, t, f } = useRenewalI18n();
  const m = r.videos;
  const queryClient = useQueryClient();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [coverage, setCoverage] = useState(coveragePercent(lesson));
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [seenAlready] = useState(lesson.is_seen);

  useWatchTracker(lesson, video, {
    report: (payload) => reportRenewalProgress(k.requestId, payload),
    reportOnExit: (payload) => reportRenewalProgressOnExit(k.requestId, payload),
    onProgress: (p) => setCoverage(Math.min(100, Math.floor(p.coverage * 100))),
    onEnded: () => {
      markRenewalVideoSeen(k.requestId, lesson.id)
        .then(
          () => setNotice({ ok: true, text: m.markedSeen }),
          (error: unknown) => setNotice({ ok: false, text: errorText(error, t.errors.generic) }),
        )
        .finally(() => void queryClient.invalidateQueries({ queryKey: renewalKeys.all(k.requestId) }));
    },
  });

  return (
    <Stack gap="md" className={classes.player} data-testid="renewal-player">
      <Group>
        <Button variant="default" onClick={onBack}>
          ← {m.backToList}
        </Button>
      </Group>
      <Title order={2} fz={{ base: 18, sm: 20 }} data-user-content>
        {lesson.title}
      </Title>
      <video
        ref={setVideo}
        className={classes.video}
        src={lesson.link}
        poster={lesson.thumbnail ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={f(m.playerLabel, lesson.title)}
        data-testid="renewal-video"
      >
        {m.noVideoSupport}
      </video>
      <Meta lesson={lesson} />
      {seenAlready ? (
        <Alert color="teal" variant="light" role="status">
          {m.alreadySeen}
        </Alert>
      ) : (
        <Stack gap={4}>
          <Text size="sm" id={`renewal-coverage-${lesson.id}`} data-testid="renewal-coverage">
            {f(m.watched, coverage)}
          </Text>
          <Progress.Root size="md">
            <Progress.Section
              value={coverage}
              color="teal"
              aria-labelledby={`renewal-coverage-${lesson.id}`}
            />
          </Progress.Root>
        </Stack>
      )}
      <div aria-live="polite">
        {notice ? (
          <Alert
            color={notice.ok ? 'teal' : 'red'}
            variant="light"
            role={notice.ok ? 'status' : 'alert'}
            data-testid="renewal-video-notice"
          >
            {notice.text}
          </Alert>
        ) : null}
      </div>
      {completed ? <Complete k={k} /> : null}
    </Stack>
  );
}

function VideoList({ data, onOpen }: { data: RenewalVideos; onOpen: (id: number) => void }) {
  const { r, t, f } = useRenewalI18n();
  const m = r.videos;
  return (
    <LessonList
      lessons={data.lessons}
      labels={{
        list: m.listLabel,
        seen: m.seen,
        inProgress: (pct) => f(m.inProgress, pct),
        notSeen: m.notSeen,
        play: m.play,
        resume: m.resume,
        replay: m.replay,
        colon: t.app.colon,
      }}
      headingOrder={3}
      testIdPrefix="renewal-lesson"
      titleIsEntered
      meta={(lesson) => <Meta lesson={lesson} />}
      onOpen={onOpen}
    />
  );
}

function VideosBody({ k }: { k: RenewalKey }) {
  const { r, f } = useRenewalI18n();
  const m = r.videos;
  const [params, setParams] = useSearchParams();
  const query = useQuery(renewalVideosQuery(k.requestId));
  const selected = Number(params.get('lesson')) || null;
  const select = (id: number | null) => setParams(id ? { lesson: String(id) } : {});
  if (query.isPending) return <ListSkeleton count={3} height={110} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const lesson = selected ? data.lessons.find((l) => l.id === selected) : undefined;
  if (lesson)
    return (
      <Player
        key={lesson.id}
        k={k}
        lesson={lesson}
        completed={data.is_completed}
        onBack={() => select(null)}
      />
    );
  const seen = data.lessons.filter((l) => l.is_seen).length;
  return (
    <Panel title={m.title} testId="renewal-videos">
      {data.lessons.length === 0 ? (
        <Text c="dimmed" role="status">
          {m.empty}
        </Text>
      ) : (
        <>
          <Text fw={700} data-testid="renewal-videos-progress">
            {f(m.progress, data.lessons.length, seen)}
          </Text>
          <VideoList data={data} onOpen={select} />
        </>
      )}
      {data.is_completed ? <Complete k={k} /> : null}
      <Button
        component={Link}
        to={renewalPaths.session(k)}
        variant="default"
        style={{ alignSelf: 'flex-start' }}
      >
        {r.backToSession}
      </Button>
    </Panel>
  );
}

/** …/session/prevideo: the renewal course's videos and the player (spec 001 §2, §4). */
export function RenewalVideosPage() {
  const { r } = useRenewalI18n();
  return (
    <RenewalGuard page="videos" lead={r.videos.lead}>
      {(_renewal, k) => <VideosBody k={k} />}
    </RenewalGuard>
  );
}
