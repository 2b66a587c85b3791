import { ActionIcon, Group, Paper } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { moveItem, useContentI18n } from './content-i18n.ts';
import classes from './content.module.css';

/**
 * A list the office reorders by keyboard (the up/down buttons) or by dragging a row; each move is saved
 * at once with the whole new order (`onReorder`).
 */
export function OrderedList<T extends { id: number }>({
  items,
  label,
  render,
  onReorder,
  disabled,
}: {
  items: readonly T[];
  /** The item's name in the buttons' labels ('Move {0} up'). */
  label: (item: T) => string;
  render: (item: T, index: number) => ReactNode;
  onReorder: (ids: number[]) => void;
  disabled?: boolean;
}) {
  const { cc, f } = useContentI18n();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const reorder = (from: number, to: number) => onReorder(moveItem(items, from, to).map((x) => x.id));
  return (
    <ol className={classes.list}>
      {items.map((item, i) => (
        <li
          key={item.id}
          className={classes.item}
          data-over={over === i && dragging !== null && dragging !== i ? true : undefined}
          onDragOver={(event) => {
            if (dragging === null) return;
            event.preventDefault();
            setOver(i);
          }}
          onDragLeave={() => setOver((o) => (o === i ? null : o))}
          onDrop={(event) => {
            event.preventDefault();
            if (dragging !== null && dragging !== i) reorder(dragging, i);
            setDragging(null);
            setOver(null);
          }}
        >
          <Paper withBorder p="sm" radius="sm">
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <span
                className={classes.handle}
                draggable={!disabled}
                title={f(cc.console.dragHandle, label(item))}
                aria-hidden="true"
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(item.id));
                  setDragging(i);
                }}
                onDragEnd={() => {
                  setDragging(null);
                  setOver(null);
                }}
              >
                ⋮⋮
              </span>
              <div className={classes.body}>{render(item, i)}</div>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={f(cc.console.moveUp, label(item))}
                  disabled={disabled || i === 0}
                  onClick={() => reorder(i, i - 1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={f(cc.console.moveDown, label(item))}
                  disabled={disabled || i === items.length - 1}
                  onClick={() => reorder(i, i + 1)}
                >
                  ↓
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        </li>
      ))}
    </ol>
  );
}
