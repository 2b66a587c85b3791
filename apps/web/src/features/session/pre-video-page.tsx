import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { type Lesson, type PreVideos } from '@mels/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { coveragePercent, LessonList } from '../../components/lesson-list.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useWatchTracker } from '../../lib/watch-tracker.ts';
import { sessionKeys, type SessionKey } from './api/session-calls.ts';
import {
  markLessonViewed,
  preVideosQuery,
  reportLessonProgress,
  reportLessonProgressOnExit,
} from './api/learning-calls.ts';
import {
  BackToSessionButton,
  errorMessage,
  formatDuration,
  StepGuard,
  successAlertStyles,
} from './learning-shared.tsx';
import classes from './learning.module.css';

/** Moves the playhead (the resume point); a seek, so nothing is counted as watched. */
function seekTo(video: HTMLVideoElement, seconds: number) {
  video.currentTime = seconds;
}

/** A lesson's tutor and length. */
function Meta({ lesson }: { lesson: Lesson }) {
  const { t } = useI18n();
  const p = t.learning.pages.preVideo;
  return (
    <dl className={classes.meta}>
      <div>
        <dt>{p.tutor}</dt>
        <dd>{lesson.tutor}</dd>
      </div>
      <div>
        <dt>{p.duration}</dt>
        <dd>{formatDuration(lesson.duration)}</dd>
      </div>
    </dl>
  );
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
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [coverage, setCoverage] = useState(coveragePercent(lesson));
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const [seenAlready] = useState(lesson.is_seen);
  const resumeAt =
    !seenAlready && lesson.position > 0 && lesson.position < lesson.duration - 2 ? lesson.position : 0;

  useWatchTracker(lesson, video, {
    report: (payload) => reportLessonProgress(sessionKey, payload),
    reportOnExit: (payload) => reportLessonProgressOnExit(sessionKey, payload),
    onProgress: (progress) => setCoverage(Math.min(100, Math.floor(progress.coverage * 100))),
    onEnded: () => {
      setChecking(true);
      markLessonViewed(sessionKey, lesson.id)
        .then(
          () => setNotice({ kind: 'ok', text: p.markedSeen }),
          (error: unknown) => setNotice({ kind: 'error', text: errorMessage(error, t.errors.generic) }),
        )
        .finally(() => {
          setChecking(false);
          void queryClient.invalidateQueries({ queryKey: sessionKeys.all(sessionKey) });
        });
    },
  });

  // Resume where the server says the last playback stopped.
  useEffect(() => {
    if (!video || resumeAt <= 0) return;
    const seek = () => {
      if (video.currentTime < 0.5) seekTo(video, resumeAt);
    };
    if (video.readyState >= 1) seek();
    else video.addEventListener('loadedmetadata', seek, { once: true });
    return () => video.removeEventListener('loadedmetadata', seek);
  }, [video, resumeAt]);

  return (
    <Stack gap="md" className={classes.player} data-testid="lesson-player">
      <Group>
        <Button variant="default" onClick={onBack}>
          ← {p.backToList}
        </Button>
      </Group>
      <Title order={2} fz={{ base: 18, sm: 20 }}>
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
        aria-label={f(p.playerLabel, lesson.title)}
        data-testid="lesson-video"
      >
        {p.noVideoSupport}
      </video>
      <Meta lesson={lesson} />
      {seenAlready ? (
        <Alert color="teal" variant="light" role="status">
          {p.alreadySeen}
        </Alert>
      ) : (
        <Stack gap={4}>
          <Text size="sm" id={`lesson-coverage-${lesson.id}`} data-testid="lesson-coverage">
            {f(p.watched, coverage)}
          </Text>
          <Progress.Root size="md">
            <Progress.Section
              value={coverage}
              color="teal"
              aria-labelledby={`lesson-coverage-${lesson.id}`}
            />
          </Progress.Root>
          {resumeAt > 0 ? (
            <Text size="sm" c="dimmed">
              {f(p.resumed, formatDuration(resumeAt))}
            </Text>
          ) : null}
        </Stack>
      )}
      <div aria-live="polite">
        {checking ? null : notice ? (
          <Alert
            color={notice.kind === 'ok' ? 'teal' : 'red'}
            variant="light"
            role={notice.kind === 'ok' ? 'status' : 'alert'}
            data-testid="lesson-notice"
          >
            {notice.text}
          </Alert>
        ) : null}
      </div>
      {completed ? <CompleteNotice sessionKey={sessionKey} /> : null}
    </Stack>
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
