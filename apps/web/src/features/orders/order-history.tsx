import { Badge, Button, Center, Pagination, Skeleton, Stack, Table } from '@mantine/core';
import { attributeText, OBJECT_TYPE, ORDER_STATUS, ORDER_TYPE, type OrderView } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDate, formatPostalCode, formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { ordersQuery } from './api/order-calls.ts';
import classes from './order-history.module.css';
import { ReceiptDialog } from './receipt-dialog.tsx';
import cardTable from '../../components/card-table.module.css';

/** Paid orders have a receipt: complete, or a shop order being prepared or shipped. */
const PAID_STATUSES: readonly number[] = [ORDER_STATUS.complete, ORDER_STATUS.shipping, ORDER_STATUS.shipped];

/** The orders of the logged-in user (GET /users/orders), paged, with a receipt for each paid order. */
export function OrderHistory() {
  const { t, f } = useI18n();
  const m = t.payments.orders;
  const statusNames = t.orderStatus as Record<number, string>;
  const [page, setPage] = useState(1);
  const [receiptFor, setReceiptFor] = useState<number | null>(null);
  // Wait for the signed-in user: the API client gets its token when the auth provider has mounted.
  const { user } = useAuth();
  const query = useQuery({ ...ordersQuery(page), enabled: user !== null });

  /** A label around an entered name ('Course registration: {0}'), the name marked as data. */
  const named = (template: string, name: string) => {
    const [before, after = ''] = template.split('{0}');
    return (
      <>
        {before}
        <span data-user-content>{name}</span>
        {after}
      </>
    );
  };
  const itemOf = (order: OrderView) => {
    if (order.object_type === OBJECT_TYPE.courseRegistration && order.course)
      return named(m.courseRegistration, order.course.name);
    if (order.object_type === OBJECT_TYPE.sessionFee && order.training)
      return named(m.sessionFee, order.training.name);
    if (order.object_type === OBJECT_TYPE.shopOrder && order.products.length > 0)
      return (
        <div className={classes.shopItem} data-testid="order-shop-item">
          <ul className={classes.products}>
            {order.products.map((p, i) => {
              const attributes = attributeText(p.attributes);
              return (
                <li key={i}>
                  <span data-user-content>{p.name}</span>
                  {` × ${p.quantity}`}
                  {attributes ? <span className={classes.note}>{attributes}</span> : null}
                </li>
              );
            })}
          </ul>
          {order.postal_code && order.address ? (
            <span className={classes.note}>
              {f(
                t.shop.checkout.deliverTo,
                formatPostalCode(order.postal_code),
                order.address,
                order.customer_name ?? '',
              )}
            </span>
          ) : null}
        </div>
      );
    // The order's lines as they were recorded (their names are data, in the language of the day).
    if (order.products.length > 0)
      return (
        <span data-user-content>
          {order.products
            .map((p) => (p.quantity > 1 ? `${p.name} × ${p.quantity}` : p.name))
            .join(t.app.listComma)}
        </span>
      );
    return <span data-user-content>{order.training?.name ?? order.course?.name ?? ''}</span>;
  };

  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Stack gap="xs">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height={44} radius="sm" />
        ))}
      </Stack>
    );
  const { data, pagination } = query.data;
  if (data.length === 0) return <EmptyState>{m.empty}</EmptyState>;
  return (
    <Stack gap="md">
      <Table className={cardTable.table} verticalSpacing="sm" striped data-testid="order-history">
        <caption className={cardTable.caption}>{m.caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.date}</Table.Th>
            <Table.Th scope="col">{m.item}</Table.Th>
            <Table.Th scope="col" className={classes.amountHead}>
              {m.amount}
            </Table.Th>
            <Table.Th scope="col">{m.method}</Table.Th>
            <Table.Th scope="col">{m.status}</Table.Th>
            <Table.Th scope="col">{m.receipt}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((order) => {
            const refund = order.type === ORDER_TYPE.refund;
            const refundedOriginal = !refund && order.status === ORDER_STATUS.refunded;
            const amount = refund ? `-${formatYen(order.amount)}` : formatYen(order.amount);
            return (
              <Table.Tr key={order.id} data-testid={`order-${order.id}`}>
                <Table.Td data-label={m.date}>{formatDate(order.created_at)}</Table.Td>
                <Table.Td
                  data-label={m.item}
                  className={order.object_type === OBJECT_TYPE.shopOrder ? classes.stacked : undefined}
                >
                  {refund ? (
                    <Badge color="gray" variant="light" mr={6}>
                      {m.refund}
                    </Badge>
                  ) : null}
                  {itemOf(order)}
                </Table.Td>
                <Table.Td data-label={m.amount} className={classes.amount}>
                  {refundedOriginal ? <s>{amount}</s> : amount}
                </Table.Td>
                <Table.Td data-label={m.method}>
                  {!refund && order.amount === 0 ? t.payments.courseFee.free : order.payment_method_name}
                </Table.Td>
                <Table.Td data-label={m.status}>
                  {refund ? m.refunded : (statusNames[order.status] ?? order.status_name)}
                </Table.Td>
                <Table.Td data-label={m.receipt}>
                  {!refund && PAID_STATUSES.includes(order.status) ? (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={f(m.receiptButtonLabel, order.id)}
                      onClick={() => setReceiptFor(order.id)}
                    >
                      {m.receiptButton}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {pagination.pages > 1 ? (
        <Center component="nav" aria-label={m.pagination}>
          <Pagination
            total={pagination.pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' || control === 'first' ? m.previous : m.next,
            })}
          />
        </Center>
      ) : null}
      <ReceiptDialog orderId={receiptFor} onClose={() => setReceiptFor(null)} />
    </Stack>
  );
}
