/**
 * Honest watch tracking of one <video> (the session pre-videos and the renewal videos): what really played
 * is reported through the caller's functions; the server merges and credits it (decision 019's proof).
 */
import { type Lesson, mergeRanges } from '@mels/domain';
import { useCallback, useEffect, useRef } from 'react';

export type WatchReport = {
  lesson_id: number;
  ranges: Array<[number, number]>;
  position: number;
};

export type WatchProgress = { coverage: number };

export type WatchTrackerOptions<P extends WatchProgress> = {
  /** Sends a report; the server answers what it credited. */
  report: (payload: WatchReport) => Promise<P>;
  /** The same report while the page goes away (keepalive; the answer is not read). */
  reportOnExit: (payload: WatchReport) => void;
  onProgress: (p: P) => void;
  onEnded: () => void;
};

/** How often the player reports what it played while playing (ms). */
export const REPORT_EVERY_MS = 3000;

type Range = [number, number];

/**
 * Honest watch tracking of one <video>: only what really played counts — the time between two
 * 'timeupdate's while playing, no further than the wall clock and the playback rate allow; a seek
 * starts a new range without counting the jump. What played is reported every few seconds, on
 * pause, on 'ended' and when the page is hidden; the server merges and credits it.
 */
export function useWatchTracker<P extends WatchProgress>(
  lesson: Lesson,
  video: HTMLVideoElement | null,
  options: WatchTrackerOptions<P>,
) {
  const ranges = useRef<Range[]>([]);
  const last = useRef<{ time: number; wall: number } | null>(null);
  const started = useRef(false);
  const inFlight = useRef<Promise<void>>(Promise.resolve());
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });
  const tracking = !lesson.is_seen;

  const body = useCallback(
    (): WatchReport => ({
      lesson_id: lesson.id,
      ranges: mergeRanges(ranges.current).slice(-200),
      position: video ? Math.min(video.currentTime, lesson.duration) : 0,
    }),
    [lesson.id, lesson.duration, video],
  );

  const flush = useCallback((): Promise<void> => {
    if (!tracking || !started.current) return inFlight.current;
    const payload = body();
    // One report at a time, in order: the server credits each against the time since the previous one.
    inFlight.current = inFlight.current.then(() =>
      optionsRef.current.report(payload).then(
        (p) => optionsRef.current.onProgress(p),
        () => undefined,
      ),
    );
    return inFlight.current;
  }, [tracking, body]);

  useEffect(() => {
    if (!video || !tracking) return;
    const now = () => performance.now();
    /** Counts the step from the last tracked time to `to` when it was really played; true when counted. */
    const account = (to: number) => {
      const from = last.current;
      let counted = false;
      if (from) {
        const delta = to - from.time;
        const wall = (now() - from.wall) / 1000;
        // A forward step no longer than the wall clock allows at this rate (plus timer jitter) was played.
        if (delta >= 0 && delta <= wall * Math.max(video.playbackRate, 1) + 0.75) {
          if (delta > 0) ranges.current = mergeRanges([...ranges.current, [from.time, to]]);
          counted = true;
        }
      }
      last.current = { time: to, wall: now() };
      return counted;
    };
    // Playback starts here: 'playing' can come a moment later, after the playhead has moved.
    const onPlay = () => {
      if (!video.seeking) last.current = { time: video.currentTime, wall: now() };
    };
    const onPlaying = () => {
      // After a stall the playhead did not jump: keep counting from the last tracked time.
      if (!last.current) last.current = { time: video.currentTime, wall: now() };
      if (!started.current) {
        started.current = true;
        void flush();
      }
    };
    const onTimeUpdate = () => {
      if (video.paused || video.seeking) return;
      account(video.currentTime);
    };
    const onSeeking = () => {
      last.current = null;
    };
    const onSeeked = () => {
      if (!video.paused) last.current = { time: video.currentTime, wall: now() };
    };
    const onPause = () => {
      // At the end the browser pauses first, then fires 'ended', which reports.
      if (video.ended) return;
      if (!video.seeking) account(video.currentTime);
      last.current = null;
      void flush();
    };
    const onEnded = () => {
      const mediaEnd =
        Number.isFinite(video.duration) && video.duration > 0 ? video.duration : lesson.duration;
      // The stretch from the last timeupdate to the end was played too.
      account(mediaEnd);
      last.current = null;
      void flush().then(() => optionsRef.current.onEnded());
    };
    const timer = window.setInterval(() => {
      if (!video.paused && !video.seeking) {
        account(video.currentTime);
        void flush();
      }
    }, REPORT_EVERY_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        if (!video.paused) account(video.currentTime);
        void flush();
      }
    };
    const onPageHide = () => {
      if (started.current) optionsRef.current.reportOnExit(body());
    };
    video.addEventListener('play', onPlay);
    video.addEventListener('playing', onPlaying);
    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('seeking', onSeeking);
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('seeking', onSeeking);
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the player (back to the list, another page): report what was played.
      if (!video.paused) account(video.currentTime);
      void flush();
    };
  }, [video, tracking, flush, body, lesson.duration]);
}
