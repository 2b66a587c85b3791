import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { KeyboardEvent, ReactNode } from 'react';
import { messageOf } from './form-errors.ts';
import { useQuizzesI18n } from './quizzes-i18n.ts';
import { DragRow, ReorderButtons } from './reorder-controls.tsx';
import classes from './quiz-editor.module.css';

/** The pieces the test editor and the survey editor share. */

/** Enter in a one-line field must not submit the course form around the panel. */
export const keepEnter = (e: KeyboardEvent) => {
  if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
};

/** The save's refusal (the server's message, the questions' error under it) and the saved notice. */
export function SaveMessages({
  error,
  detail,
  notice,
}: {
  error: unknown;
  detail: string | undefined;
  notice: string | null;
}) {
  const { q: w } = useQuizzesI18n();
  return (
    <>
      {error ? (
        <Alert
          color="red"
          role="alert"
          title={messageOf(error, w.console.saveFailed)}
          styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
        >
          {detail}
        </Alert>
      ) : null}
      <div aria-live="polite">
        {notice ? (
          <Alert color="teal" role="status">
            {notice}
          </Alert>
        ) : null}
      </div>
    </>
  );
}

/**
 * One question in the editor: a draggable card with its number, an 'answered' badge, the move
 * buttons, the fields (children) and the remove button.
 */
export function QuestionCard(props: {
  list: string;
  index: number;
  count: number;
  answered: boolean;
  testId: string;
  onMove: (to: number) => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  const { q: w, f } = useQuizzesI18n();
  const c = w.console;
  const n = props.index + 1;
  return (
    <DragRow list={props.list} index={props.index} className={classes.question} testId={props.testId}>
      <Stack gap="sm" role="group" aria-label={f(c.question, n)}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs">
            <Text fw={700}>{f(c.question, n)}</Text>
            {props.answered ? (
              <Badge variant="light" color="yellow" c="yellow.9">
                {c.answered}
              </Badge>
            ) : null}
          </Group>
          <ReorderButtons
            list={props.list}
            index={props.index}
            count={props.count}
            upLabel={f(c.moveUp, n)}
            downLabel={f(c.moveDown, n)}
            dragLabel={f(c.dragQuestion, n)}
            onMove={props.onMove}
          />
        </Group>
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onRemove}>
            {f(c.removeQuestion, n)}
          </Button>
        </Group>
      </Stack>
    </DragRow>
  );
}
