import { Table, Text } from '@mantine/core';
import { duplicateChargesEn, duplicateChargesJa, orderNumber } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { duplicateChargesQuery } from './api/duplicate-charges-calls.ts';
import { formatDateTime, OfficePager, TableScroll } from './office-shared.tsx';
import classes from './office.module.css';

/**
 * The payments screen's list of second charges for purchases already paid: each was refunded
 * through the gateway and the member mailed (decision 017). A refund the gateway did not complete
 * reads as such, for the office to follow up.
 */
export function DuplicateChargesList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { lang, f } = useI18n();
  // These words come with this tab's chunk, not the first visit's dictionaries.
  const m = lang === 'en' ? duplicateChargesEn : duplicateChargesJa;
  const query = useQuery(duplicateChargesQuery(page));
  const rows = query.data?.data ?? [];
  return (
    <>
      <Text size="sm" mb="sm">
        {m.lead}
      </Text>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <ListSkeleton count={3} /> : null}
      {query.data && rows.length === 0 ? <EmptyState>{m.empty}</EmptyState> : null}
      {rows.length > 0 ? (
        <TableScroll label={m.caption}>
          <Table verticalSpacing="sm" fz="sm" striped data-testid="duplicate-charges-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.chargedAt}</Table.Th>
                <Table.Th scope="col">{m.person}</Table.Th>
                <Table.Th scope="col">{m.amount}</Table.Th>
                <Table.Th scope="col">{m.kept}</Table.Th>
                <Table.Th scope="col">{m.refund}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid="duplicate-charge-row">
                  <Table.Td className={classes.nowrap}>{formatDateTime(row.created_at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} className={classes.nowrap}>
                      {row.user.fullname}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{formatYen(row.amount)}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {row.kept_order_id === null ? '' : orderNumber(row.kept_order_id)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} c={row.refund_status === 'failed' ? 'red.8' : undefined}>
                      {m.status[row.refund_status] ?? row.refund_status}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.refund_id ? f(m.refundId, row.refund_id) : ''}
                      {row.mailed_at ? ` ${m.mailed}` : ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      ) : null}
      <OfficePager pagination={query.data?.pagination} onChange={onPage} />
    </>
  );
}
