import { Alert, Button, Stack, Text } from '@mantine/core';
import type { Lesson, RenewalVideos } from '@mels/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LessonList } from '../../components/lesson-list.tsx';
import { LessonMeta, LessonPlayer } from '../../components/lesson-player.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QueryError } from '../../components/query-error.tsx';
import {
  markRenewalVideoSeen,
  renewalKeys,
  renewalVideosQuery,
  reportRenewalProgress,
  reportRenewalProgressOnExit,
} from './api/renewal-calls.ts';
import { useRenewalI18n } from './renewal-messages.ts';
import { errorText, Panel, RenewalGuard, renewalPaths, type RenewalKey } from './renewal-shared.tsx';

function Meta({ lesson }: { lesson: Lesson }) {
  const { r } = useRenewalI18n();
  return <LessonMeta lesson={lesson} labels={r.videos} tutorIsEntered />;
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
  return (
    <LessonPlayer
      lesson={lesson}
      labels={{
        ...m,
        playerLabel: (title) => f(m.playerLabel, title),
        watched: (pct) => f(m.watched, pct),
      }}
      testIdPrefix="renewal"
      titleIsEntered
      tracker={{
        report: (payload) => reportRenewalProgress(k.requestId, payload),
        reportOnExit: (payload) => reportRenewalProgressOnExit(k.requestId, payload),
      }}
      markSeen={() => markRenewalVideoSeen(k.requestId, lesson.id)}
      errorText={(error) => errorText(error, t.errors.generic)}
      onSettled={() => void queryClient.invalidateQueries({ queryKey: renewalKeys.all(k.requestId) })}
      onBack={onBack}
    >
      {completed ? <Complete k={k} /> : null}
    </LessonPlayer>
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
