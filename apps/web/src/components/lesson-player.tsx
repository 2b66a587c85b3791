import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { Lesson } from '@mels/domain';
import { useEffect, useState, type ReactNode } from 'react';
import { useWatchTracker, type WatchProgress, type WatchTrackerOptions } from '../lib/watch-tracker.ts';
import { coveragePercent } from './lesson-list.tsx';
import classes from './lesson-player.module.css';

/** Seconds as m:ss (or h:mm:ss): a lesson's length, where playback resumed. */
export function formatDuration(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Moves the playhead (the resume point); a seek, so nothing is counted as watched. */
function seekTo(video: HTMLVideoElement, seconds: number) {
  video.currentTime = seconds;
}

/** A lesson's tutor and length. */
export function LessonMeta({
  lesson,
  labels,
  tutorIsEntered = false,
}: {
  lesson: Lesson;
  labels: { tutor: string; duration: string };
  /** Whether the tutor's name is data the office typed (marked for the English walk). */
  tutorIsEntered?: boolean;
}) {
  return (
    <dl className={classes.meta}>
      <div>
        <dt>{labels.tutor}</dt>
        <dd data-user-content={tutorIsEntered || undefined}>{lesson.tutor}</dd>
      </div>
      <div>
        <dt>{labels.duration}</dt>
        <dd>{formatDuration(lesson.duration)}</dd>
      </div>
    </dl>
  );
}

export type LessonPlayerLabels = {
  backToList: string;
  /** The video's accessible name, with the lesson's title. */
  playerLabel: (title: string) => string;
  noVideoSupport: string;
  alreadySeen: string;
  /** With the watched percent. */
  watched: (percent: number) => string;
  /** Where playback resumed, as m:ss (only where the player resumes). */
  resumed?: (at: string) => string;
  markedSeen: string;
  tutor: string;
  duration: string;
};

/**
 * A lesson's player (the session's pre-videos, the renewal's videos): it reports what really played
 * through `tracker` (lib/watch-tracker.ts), and at the end asks the server to count the video as seen
 * (`markSeen`), then shows the server's answer. With `labels.resumed`, it resumes where the server
 * says the last playback stopped.
 */
export function LessonPlayer({
  lesson,
  labels,
  testIdPrefix,
  tracker,
  markSeen,
  errorText,
  onSettled,
  onBack,
  titleIsEntered = false,
  children,
}: {
  lesson: Lesson;
  labels: LessonPlayerLabels;
  /** 'lesson' → lesson-player, lesson-video, lesson-coverage, lesson-notice. */
  testIdPrefix: string;
  tracker: Pick<WatchTrackerOptions<WatchProgress>, 'report' | 'reportOnExit'>;
  markSeen: () => Promise<unknown>;
  errorText: (error: unknown) => string;
  /** After the server answered (the caller refreshes its lists). */
  onSettled: () => void;
  onBack: () => void;
  titleIsEntered?: boolean;
  /** Below the player (the notice that every video is seen). */
  children?: ReactNode;
}) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [coverage, setCoverage] = useState(coveragePercent(lesson));
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const [seenAlready] = useState(lesson.is_seen);
  const resumeAt =
    labels.resumed && !seenAlready && lesson.position > 0 && lesson.position < lesson.duration - 2
      ? lesson.position
      : 0;

  useWatchTracker(lesson, video, {
    ...tracker,
    onProgress: (progress) => setCoverage(Math.min(100, Math.floor(progress.coverage * 100))),
    onEnded: () => {
      setChecking(true);
      markSeen()
        .then(
          () => setNotice({ ok: true, text: labels.markedSeen }),
          (error: unknown) => setNotice({ ok: false, text: errorText(error) }),
        )
        .finally(() => {
          setChecking(false);
          onSettled();
        });
    },
  });

  // Resume where the server says the last playback stopped (a seek: nothing counts as watched).
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
    <Stack gap="md" className={classes.player} data-testid={`${testIdPrefix}-player`}>
      <Group>
        <Button variant="default" onClick={onBack}>
          ← {labels.backToList}
        </Button>
      </Group>
      <Title order={2} fz={{ base: 18, sm: 20 }} data-user-content={titleIsEntered || undefined}>
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
        aria-label={labels.playerLabel(lesson.title)}
        data-testid={`${testIdPrefix}-video`}
      >
        {labels.noVideoSupport}
      </video>
      <LessonMeta lesson={lesson} labels={labels} tutorIsEntered={titleIsEntered} />
      {seenAlready ? (
        <Alert color="teal" variant="light" role="status">
          {labels.alreadySeen}
        </Alert>
      ) : (
        <Stack gap={4}>
          <Text
            size="sm"
            id={`${testIdPrefix}-coverage-${lesson.id}`}
            data-testid={`${testIdPrefix}-coverage`}
          >
            {labels.watched(coverage)}
          </Text>
          <Progress.Root size="md">
            <Progress.Section
              value={coverage}
              color="teal"
              aria-labelledby={`${testIdPrefix}-coverage-${lesson.id}`}
            />
          </Progress.Root>
          {resumeAt > 0 && labels.resumed ? (
            <Text size="sm" c="dimmed">
              {labels.resumed(formatDuration(resumeAt))}
            </Text>
          ) : null}
        </Stack>
      )}
      <div aria-live="polite">
        {checking ? null : notice ? (
          <Alert
            color={notice.ok ? 'teal' : 'red'}
            variant="light"
            role={notice.ok ? 'status' : 'alert'}
            data-testid={`${testIdPrefix}-notice`}
          >
            {notice.text}
          </Alert>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}
