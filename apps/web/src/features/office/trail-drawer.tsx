import { Drawer, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useOfficeI18n } from './office-messages.ts';
import { useActivityLabel } from '../../components/activity-status.tsx';
import { trailQuery, type TrailStep } from './api/office-calls.ts';
import { formatDateTime, TableScroll } from './office-shared.tsx';

/** The audit trail of one enrolment: every step entry with who and when. */
export function TrailDrawer({
  target,
  onClose,
}: {
  target: { enrollmentId: number; userId: number; name: string } | null;
  onClose: () => void;
}) {
  const { t, f, o } = useOfficeI18n();
  const m = o.trail;
  const query = useQuery({ ...trailQuery(target?.enrollmentId ?? 0), enabled: target !== null });
  const stepNames = t.steps as Record<number, string>;
  const notes = m.notes as Record<string, string>;
  const statusWord = useActivityLabel();
  const actorName = (s: TrailStep) =>
    s.actor.kind === 'self'
      ? m.self
      : s.actor.kind === 'system'
        ? m.system
        : s.actor.kind === 'office'
          ? f(m.officeActor, s.actor.name)
          : s.actor.name;
  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={target ? f(o.training.historyOf, target.name) : ''}
      closeButtonProps={{ 'aria-label': t.app.close }}
    >
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending && target ? <ListSkeleton count={3} height={32} /> : null}
      {query.data && query.data.steps.length === 0 ? <Text c="dimmed">{m.empty}</Text> : null}
      {query.data && query.data.steps.length > 0 ? (
        <TableScroll label={target ? f(o.training.historyOf, target.name) : m.step} minWidth={480}>
          <Table verticalSpacing="xs" fz="sm" data-testid="trail-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.at}</Table.Th>
                <Table.Th scope="col">{m.step}</Table.Th>
                <Table.Th scope="col">{m.status}</Table.Th>
                <Table.Th scope="col">{m.note}</Table.Th>
                <Table.Th scope="col">{m.actor}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.steps.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.created_at)}</Table.Td>
                  <Table.Td>{stepNames[s.step] ?? m.allDone}</Table.Td>
                  <Table.Td>{statusWord(s.status_key)}</Table.Td>
                  <Table.Td>{s.note ? (notes[s.note] ?? s.note_label ?? '') : ''}</Table.Td>
                  <Table.Td>{actorName(s)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      ) : null}
    </Drawer>
  );
}
