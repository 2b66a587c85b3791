import { Anchor, Button, SegmentedControl, Table, Text, useMatches } from '@mantine/core';
import {
  OBJECT_TYPE,
  OFFICE_ORDER_KINDS,
  orderNumber,
  type OfficeOrder,
  type OfficeOrderKind,
} from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate, formatYen } from '../../lib/format.ts';
import { useOfficeI18n } from './office-messages.ts';
import { orderAction, ordersQuery, type OrderAction } from './api/office-calls.ts';
import { ActionNotice, ConfirmAction, formatDateTime, OfficePager, TableScroll } from './office-shared.tsx';
import { DuplicateChargesList } from './office-duplicate-charges.tsx';
import { ShopShippingList } from './office-shipping.tsx';
import classes from './office.module.css';

/** The one action of each payments list (the shop list has its own two, per order). */
const ACTION_OF: Record<Exclude<OfficeOrderKind, 'shop'>, OrderAction> = {
  transfer: 'confirm-transfer',
  onsite: 'mark-paid',
  paid: 'refund',
};

/** The lists of the screen: the order lists of GET /office/orders, and the duplicate charges. */
const KINDS = [...OFFICE_ORDER_KINDS, 'duplicates'] as const;
type Kind = (typeof KINDS)[number];

/**
 * /office/payments: bank transfers to confirm, on-site fees to mark paid, paid orders to refund,
 * shop orders to mark as being prepared or shipped, and second charges refunded automatically.
 */
export function OfficePaymentsPage() {
  const { f, o } = useOfficeI18n();
  const m = o.payments;
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind') ?? 'transfer';
  const kind = ((KINDS as readonly string[]).includes(kindParam) ? kindParam : 'transfer') as Kind;
  const orderKind: OfficeOrderKind = kind === 'duplicates' ? 'paid' : kind;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({ ...ordersQuery(orderKind, page), enabled: kind !== 'duplicates' });
  const [target, setTarget] = useState<{ order: OfficeOrder; action: OrderAction } | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const action: OrderAction = orderKind === 'shop' ? 'ship' : ACTION_OF[orderKind];
  const s = o.shipping;
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const labelsOf = {
    'confirm-transfer': {
      button: m.confirmTransfer,
      title: m.confirmTransferTitle,
      body: m.confirmTransferBody,
      done: m.confirmed,
    },
    'mark-paid': { button: m.markPaid, title: m.markPaidTitle, body: m.markPaidBody, done: m.paidDone },
    refund: { button: m.refund, title: m.refundTitle, body: m.refundBody, done: m.refunded },
    'prepare-shipping': { button: s.prepare, title: s.prepareTitle, body: s.prepareBody, done: s.prepared },
    ship: { button: s.ship, title: s.shipTitle, body: s.shipBody, done: s.shipped },
  };
  const labels = labelsOf[action];
  const dialog = labelsOf[target?.action ?? action];
  const itemOf = (o: OfficeOrder) =>
    o.object_type === OBJECT_TYPE.sessionFee && o.training
      ? f(m.sessionFee, o.training.name)
      : o.object_type === OBJECT_TYPE.courseRegistration && o.course_name
        ? f(m.registrationFee, o.course_name)
        : m.other;
  const rows = query.data?.data ?? [];
  return (
    <>
      <PageHeading title={m.title} lead={m.lead} />
      <SegmentedControl
        mb="md"
        value={kind}
        onChange={(value) => {
          setNotice(null);
          setParams({ kind: value });
        }}
        data={KINDS.map((k) => ({ value: k, label: m.tabs[k] ?? k }))}
        aria-label={m.title}
        fullWidth
        orientation={orientation}
        styles={{ root: { maxWidth: 820 } }}
      />
      <ActionNotice notice={notice} onClose={() => setNotice(null)} />
      {kind === 'duplicates' ? (
        <DuplicateChargesList page={page} onPage={(next) => setParams({ kind, page: String(next) })} />
      ) : null}
      {kind !== 'duplicates' && query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      {kind !== 'duplicates' && query.isPending ? <ListSkeleton count={3} /> : null}
      {kind !== 'duplicates' && query.data && rows.length === 0 ? (
        <EmptyState>{kind === 'shop' ? s.empty : m.empty}</EmptyState>
      ) : null}
      {rows.length > 0 && kind === 'shop' ? (
        <ShopShippingList rows={rows} onAction={(order, next) => setTarget({ order, action: next })} />
      ) : null}
      {rows.length > 0 && kind !== 'shop' && kind !== 'duplicates' ? (
        <TableScroll label={m.tabs[kind] ?? m.title}>
          <Table verticalSpacing="sm" fz="sm" striped data-testid="orders-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.order}</Table.Th>
                <Table.Th scope="col">{m.person}</Table.Th>
                <Table.Th scope="col">{m.item}</Table.Th>
                <Table.Th scope="col">{m.amount}</Table.Th>
                <Table.Th scope="col">
                  {kind === 'paid' ? m.paidAt : kind === 'transfer' ? m.dueAt : m.orderedAt}
                </Table.Th>
                <Table.Th scope="col">
                  <span className="visually-hidden">{o.training.columns.actions}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((o) => (
                <Table.Tr key={o.id} data-testid="order-row">
                  <Table.Td className={classes.nowrap}>
                    <Text size="sm">{orderNumber(o.id)}</Text>
                    <Text size="xs" c="dimmed">
                      {o.payment_method_name}・{o.status_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} className={classes.nowrap}>
                      {o.user.fullname}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {o.user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={200}>
                    {o.training ? (
                      <Anchor component={Link} to={`/office/trainings/${o.training.id}`} size="sm">
                        {itemOf(o)}
                      </Anchor>
                    ) : (
                      <Text size="sm">{itemOf(o)}</Text>
                    )}
                    {o.training ? (
                      <Text size="xs" c="dimmed">
                        {formatDate(o.training.event_date)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td className={classes.nowrap}>{formatYen(o.amount)}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {kind === 'paid'
                      ? o.paid_at
                        ? formatDateTime(o.paid_at)
                        : ''
                      : kind === 'transfer' && o.due_at
                        ? formatDateTime(o.due_at)
                        : formatDateTime(o.created_at)}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant={action === 'refund' ? 'default' : 'filled'}
                      onClick={() => setTarget({ order: o, action })}
                      aria-label={`${labels.button}（${orderNumber(o.id)}）`}
                      className={classes.nowrap}
                    >
                      {labels.button}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      ) : null}
      <OfficePager
        pagination={kind === 'duplicates' ? undefined : query.data?.pagination}
        onChange={(next) => setParams({ kind, page: String(next) })}
      />
      <ConfirmAction
        opened={target !== null}
        title={dialog.title}
        confirmLabel={dialog.button}
        color={target?.action === 'refund' ? 'red.8' : undefined}
        action={() => orderAction(target?.order.id ?? 0, target?.action ?? action)}
        onDone={() => {
          setTarget(null);
          setNotice({ ok: true, text: dialog.done });
        }}
        onClose={() => setTarget(null)}
      >
        <Text size="sm">
          {f(
            dialog.body,
            orderNumber(target?.order.id ?? 0),
            `${target?.order.customer_name ?? target?.order.user.fullname ?? ''}・${formatYen(target?.order.amount ?? 0)}`,
          )}
        </Text>
      </ConfirmAction>
    </>
  );
}
