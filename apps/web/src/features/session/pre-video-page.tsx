import { Alert, Stack, Text } from '@mantine/core';
import { type Lesson, type PreVideos } from '@mels/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LessonList } from '../../components/lesson-list.tsx';
import { LessonMeta, LessonPlayer } from '../../components/lesson-player.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { sessionKeys, type SessionKey } from './api/session-calls.ts';
import {
  markLessonViewed,
  preVideosQuery,
  reportLessonProgress,
  reportLessonProgressOnExit,
} from './api/learning-calls.ts';
import { BackToSessionButton, errorMessage, StepGuard, successAlertStyles } from './learning-shared.tsx';

/** A lesson's tutor and length. */
function Meta({ lesson }: { lesson: Lesson }) {
  const { t } = useI18n();
  return <LessonMeta lesson={lesson} labels={t.learning.pages.preVideo} />;
}

function Player({
  sessionKey,
  lesson,
  completed,
  onBack,
}: {
  sessionKey: SessionKey;
  lesson: Lesson;
  completed: boolean;
  onBack: () => void;
}) {
  const { t, f } = useI18n();
  const p = t.learning.pages.preVideo;
  const queryClient = useQueryClient();
  return (
    <LessonPlayer
      lesson={lesson}
      labels={{
        ...p,
        playerLabel: (title) => f(p.playerLabel, title),
        watched: (pct) => f(p.watched, pct),
        resumed: (at) => f(p.resumed, at),
      }}
      testIdPrefix="lesson"
      tracker={{
        report: (payload) => reportLessonProgress(sessionKey, payload),
        reportOnExit: (payload) => reportLessonProgressOnExit(sessionKey, payload),
      }}
      markSeen={() => markLessonViewed(sessionKey, lesson.id)}
      errorText={(error) => errorMessage(error, t.errors.generic)}
      onSettled={() => void queryClient.invalidateQueries({ queryKey: sessionKeys.all(sessionKey) })}
      onBack={onBack}
    >
      {completed ? <CompleteNotice sessionKey={sessionKey} /> : null}
    </LessonPlayer>
  );
}

function CompleteNotice({ sessionKey }: { sessionKey: SessionKey }) {
  const { t } = useI18n();
  const p = t.learning.pages.preVideo;
  return (
    <Alert
      color="teal"
      variant="light"
      title={p.completeTitle}
      role="status"
      data-testid="prevideo-complete"
      styles={successAlertStyles}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{p.completeBody}</Text>
        <BackToSessionButton sessionKey={sessionKey} variant="filled" />
      </Stack>
    </Alert>
  );
}

function VideoList({ data, onOpen }: { data: PreVideos; onOpen: (id: number) => void }) {
  const { t, f } = useI18n();
  const p = t.learning.pages.preVideo;
  return (
    <LessonList
      lessons={data.lessons}
      labels={{
        list: p.listLabel,
        seen: p.seen,
        inProgress: (pct) => f(p.inProgress, pct),
        notSeen: p.notSeen,
        play: p.play,
        resume: p.resume,
        replay: p.replay,
        colon: t.app.colon,
      }}
      headingOrder={2}
      testIdPrefix="lesson"
      meta={(lesson) => <Meta lesson={lesson} />}
      onOpen={onOpen}
    />
  );
}

function PreVideoBody({ sessionKey }: { sessionKey: SessionKey }) {
  const { t, f } = useI18n();
  const p = t.learning.pages.preVideo;
  const [params, setParams] = useSearchParams();
  const query = useQuery(preVideosQuery(sessionKey));
  const selected = Number(params.get('lesson')) || null;
  const select = (id: number | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('lesson', String(id));
        else next.delete('lesson');
        return next;
      },
      { replace: false },
    );
  if (query.isPending) return <ListSkeleton count={3} height={110} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const lesson = selected ? data.lessons.find((l) => l.id === selected) : undefined;
  if (lesson)
    return (
      <Player
        key={lesson.id}
        sessionKey={sessionKey}
        lesson={lesson}
        completed={data.is_completed}
        onBack={() => select(null)}
      />
    );
  const seen = data.lessons.filter((l) => l.is_seen).length;
  return (
    <Stack gap="lg">
      {data.lessons.length === 0 ? (
        <Text c="dimmed" role="status">
          {p.empty}
        </Text>
      ) : (
        <>
          <Text fw={700} data-testid="lesson-progress">
            {f(p.progress, data.lessons.length, seen)}
          </Text>
          <VideoList data={data} onOpen={select} />
        </>
      )}
      {data.is_completed ? (
        <CompleteNotice sessionKey={sessionKey} />
      ) : (
        <BackToSessionButton sessionKey={sessionKey} />
      )}
    </Stack>
  );
}

/** /session/{id}/{type_id}/prevideo: the lesson list and a player that reports what was really watched. */
export function PreVideoPage() {
  const { t } = useI18n();
  const p = t.learning.pages.preVideo;
  return (
    <StepGuard step={2} title={p.title}>
      {(key) => (
        <Stack gap={0} maw={960}>
          <PageHeading title={p.title} lead={p.lead} />
          <PreVideoBody sessionKey={key} />
        </Stack>
      )}
    </StepGuard>
  );
}
