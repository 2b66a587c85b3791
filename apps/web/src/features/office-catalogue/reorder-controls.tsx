import { ActionIcon, Group } from '@mantine/core';
import { useRef, type PointerEvent, type ReactNode } from 'react';
import classes from './quiz-editor.module.css';

/** The row of a list under the pointer (rows carry data-drop-list and data-drop-index). */
function rowAt(x: number, y: number, list: string): HTMLElement | undefined {
  return document
    .elementsFromPoint(x, y)
    .find((el): el is HTMLElement => el instanceof HTMLElement && el.dataset.dropList === list);
}

/**
 * Reordering a list by keyboard and by drag: up/down buttons (named for screen readers) and a drag
 * handle moved with a mouse, a pen or a finger (pointer events, so it also works on a phone's touch
 * screen, where HTML5 drag and drop does not); the row under the pointer when it is released is where
 * the dragged row goes.
 */
export function ReorderButtons({
  index,
  count,
  upLabel,
  downLabel,
  dragLabel,
  list,
  onMove,
}: {
  list: string;
  index: number;
  count: number;
  upLabel: string;
  downLabel: string;
  dragLabel: string;
  onMove: (to: number) => void;
}) {
  const over = useRef<HTMLElement | undefined>(undefined);
  const dragging = useRef(false);
  const mark = (row: HTMLElement | undefined) => {
    if (over.current === row) return;
    over.current?.classList.remove(classes.dropping ?? '');
    row?.classList.add(classes.dropping ?? '');
    over.current = row;
  };
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        aria-label={upLabel}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="default"
        aria-label={downLabel}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </ActionIcon>
      <span
        className={classes.handle}
        role="img"
        aria-label={dragLabel}
        title={dragLabel}
        data-drag-handle
        onPointerDown={(e: PointerEvent<HTMLSpanElement>) => {
          e.preventDefault();
          e.currentTarget.setPointerCapture?.(e.pointerId);
          dragging.current = true;
        }}
        onPointerMove={(e: PointerEvent) => {
          if (dragging.current) mark(rowAt(e.clientX, e.clientY, list));
        }}
        onPointerUp={(e: PointerEvent) => {
          if (!dragging.current) return;
          dragging.current = false;
          const row = rowAt(e.clientX, e.clientY, list);
          mark(undefined);
          if (row) onMove(Number(row.dataset.dropIndex));
        }}
        onPointerCancel={() => {
          dragging.current = false;
          mark(undefined);
        }}
      >
        ⠿
      </span>
    </Group>
  );
}

/** A row of a reorderable list: where a dragged handle of the same list may be released. */
export function DragRow({
  list,
  index,
  children,
  className,
  testId,
}: {
  list: string;
  index: number;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={className} data-testid={testId} data-drop-list={list} data-drop-index={index}>
      {children}
    </div>
  );
}
