import { Badge, Button } from '@mantine/core';
import type { Lesson } from '@mels/domain';
import { createElement, type ReactNode } from 'react';
import classes from './lesson-list.module.css';

/** How much of a lesson the member has watched, in whole percent (0 for a lesson without a length). */
export const coveragePercent = (l: Lesson) =>
  l.duration > 0 ? Math.min(100, Math.floor((l.watched_seconds / l.duration) * 100)) : 0;

export type LessonListLabels = {
  /** The list's accessible name. */
  list: string;
  seen: string;
  /** With the watched percent, e.g. '視聴中（{0}%）'. */
  inProgress: (percent: number) => string;
  notSeen: string;
  play: string;
  resume: string;
  replay: string;
  /** Between the action and the lesson's title in the button's accessible name. */
  colon: string;
};

/**
 * A course's videos as a list (the pre-videos of a session, the renewal's videos): thumbnail, title,
 * the page's facts (`meta`), seen / watching / not seen, and a button that opens the player.
 */
export function LessonList({
  lessons,
  labels,
  headingOrder,
  testIdPrefix,
  titleIsEntered = false,
  meta,
  onOpen,
}: {
  lessons: readonly Lesson[];
  labels: LessonListLabels;
  /** The level of each lesson's title (under the page's h1, or under a panel's h2). */
  headingOrder: 2 | 3;
  /** `${prefix}-${id}` on each row, `${prefix}-seen` on the seen badge. */
  testIdPrefix: string;
  /** Mark the title as entered data (data-user-content). */
  titleIsEntered?: boolean;
  meta: (lesson: Lesson) => ReactNode;
  onOpen: (id: number) => void;
}) {
  return (
    <ul className={classes.lessons} aria-label={labels.list}>
      {lessons.map((lesson) => {
        const pct = coveragePercent(lesson);
        const action = lesson.is_seen ? labels.replay : pct > 0 ? labels.resume : labels.play;
        return (
          <li
            key={lesson.id}
            className={classes.lesson}
            data-seen={lesson.is_seen}
            data-testid={`${testIdPrefix}-${lesson.id}`}
          >
            {lesson.thumbnail ? (
              <img className={classes.thumb} src={lesson.thumbnail} alt="" loading="lazy" />
            ) : (
              <div className={classes.thumb} aria-hidden="true" />
            )}
            <div>
              {createElement(
                `h${headingOrder}`,
                titleIsEntered
                  ? { className: classes.lessonTitle, 'data-user-content': true }
                  : { className: classes.lessonTitle },
                lesson.title,
              )}
              {meta(lesson)}
              {lesson.is_seen ? (
                <Badge color="teal.9" variant="filled" data-testid={`${testIdPrefix}-seen`}>
                  ✓ {labels.seen}
                </Badge>
              ) : pct > 0 ? (
                <Badge color="orange" variant="light" c="orange.9">
                  {labels.inProgress(pct)}
                </Badge>
              ) : (
                <Badge color="gray" variant="light" c="gray.8">
                  {labels.notSeen}
                </Badge>
              )}
            </div>
            <Button
              className={classes.lessonAction}
              variant={lesson.is_seen ? 'default' : 'filled'}
              onClick={() => onOpen(lesson.id)}
              aria-label={`${action}${labels.colon}${lesson.title}`}
            >
              {action}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
