import { Button, Card, Group, Stack, Table, Text, useMatches } from '@mantine/core';
import { attributeText, ORDER_STATUS, orderNumber, type OfficeOrder } from '@mels/domain';
import { formatPostalCode, formatYen } from '../../lib/format.ts';
import { useOfficeI18n } from './office-messages.ts';
import type { OrderAction } from './api/office-calls.ts';
import { formatDateTime, Tag, TableScroll } from './office-shared.tsx';
import classes from './office.module.css';

/** The shipping actions an order allows: a paid one can be prepared or sent, a prepared one sent. */
const actionsOf = (o: OfficeOrder): Array<'prepare-shipping' | 'ship'> =>
  o.status === ORDER_STATUS.complete ? ['prepare-shipping', 'ship'] : ['ship'];

function ShippingStatus({ order }: { order: OfficeOrder }) {
  const { o } = useOfficeI18n();
  const m = o.shipping;
  return order.status === ORDER_STATUS.shipping ? (
    <Tag color="orange">{m.preparing}</Tag>
  ) : (
    <Tag color="blue">{m.waiting}</Tag>
  );
}

/** 〒123-4567, the address, the recipient's name and the delivery phone, one per line. */
function Delivery({ order }: { order: OfficeOrder }) {
  const { f, o } = useOfficeI18n();
  return (
    <div>
      {order.postal_code ? <Text size="sm">〒{formatPostalCode(order.postal_code)}</Text> : null}
      {order.address ? <Text size="sm">{order.address}</Text> : null}
      {order.customer_name ? (
        <Text size="sm" fw={600}>
          {f(o.shipping.recipient, order.customer_name)}
        </Text>
      ) : null}
      {order.phone ? <Text size="sm">{f(o.shipping.phone, order.phone)}</Text> : null}
    </div>
  );
}

/** The order's lines: name × quantity, with the chosen attribute values underneath. */
function Lines({ order }: { order: OfficeOrder }) {
  const { f, o } = useOfficeI18n();
  return (
    <ul className={classes.lines}>
      {order.lines.map((line, i) => (
        <li key={i}>
          <Text size="sm">{f(o.shipping.quantity, line.name, line.quantity)}</Text>
          {line.attributes.length > 0 ? (
            <Text size="xs" c="dimmed">
              {attributeText(line.attributes)}
            </Text>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Actions({
  order,
  onAction,
  fullWidth = false,
}: {
  order: OfficeOrder;
  onAction: (order: OfficeOrder, action: OrderAction) => void;
  fullWidth?: boolean;
}) {
  const { o } = useOfficeI18n();
  const m = o.shipping;
  return (
    <Stack gap={6} align={fullWidth ? 'stretch' : 'flex-start'}>
      {actionsOf(order).map((action) => {
        const label = action === 'ship' ? m.ship : m.prepare;
        return (
          <Button
            key={action}
            size="xs"
            variant={action === 'ship' ? 'filled' : 'default'}
            fullWidth={fullWidth}
            onClick={() => onAction(order, action)}
            aria-label={`${label}（${orderNumber(order.id)}）`}
            className={classes.nowrap}
          >
            {label}
          </Button>
        );
      })}
    </Stack>
  );
}

/**
 * The shop tab of the payments screen: paid shop orders waiting to be sent or being prepared, oldest
 * first, with where to deliver and what; a card per order on a phone, a table on wider screens.
 */
export function ShopShippingList({
  rows,
  onAction,
}: {
  rows: readonly OfficeOrder[];
  onAction: (order: OfficeOrder, action: OrderAction) => void;
}) {
  const { o } = useOfficeI18n();
  const m = o.payments;
  const s = o.shipping;
  const cards = useMatches({ base: true, sm: false });
  if (cards)
    return (
      <Stack gap="sm">
        {rows.map((o) => (
          <Card key={o.id} withBorder radius="md" padding="sm" data-testid="shop-order">
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb={4}>
              <div>
                <Text size="sm" fw={700}>
                  {orderNumber(o.id)}
                </Text>
                <Text size="xs" c="dimmed">
                  {o.paid_at ? formatDateTime(o.paid_at) : formatDateTime(o.created_at)}・
                  {formatYen(o.amount)}
                </Text>
              </div>
              <ShippingStatus order={o} />
            </Group>
            <Text size="xs" c="dimmed" mt="xs">
              {s.items}
            </Text>
            <Lines order={o} />
            <Text size="xs" c="dimmed" mt="xs">
              {s.deliverTo}
            </Text>
            <Delivery order={o} />
            <Text size="xs" c="dimmed" mt="xs">
              {m.person}
            </Text>
            <Text size="sm">{o.user.fullname}</Text>
            <Text size="xs" c="dimmed" className={classes.code} mb="sm">
              {o.user.email}
            </Text>
            <Actions order={o} onAction={onAction} fullWidth />
          </Card>
        ))}
      </Stack>
    );
  return (
    <TableScroll label={m.tabs.shop ?? m.title} minWidth={880}>
      <Table verticalSpacing="sm" fz="sm" striped data-testid="shop-orders-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{m.order}</Table.Th>
            <Table.Th scope="col">{m.person}</Table.Th>
            <Table.Th scope="col">{s.items}</Table.Th>
            <Table.Th scope="col">{s.deliverTo}</Table.Th>
            <Table.Th scope="col" className={classes.nowrap}>
              {s.status}
            </Table.Th>
            <Table.Th scope="col">
              <span className="visually-hidden">{o.training.columns.actions}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((o) => (
            <Table.Tr key={o.id} data-testid="shop-order">
              <Table.Td className={classes.nowrap}>
                <Text size="sm">{orderNumber(o.id)}</Text>
                <Text size="xs" c="dimmed">
                  {o.paid_at ? formatDateTime(o.paid_at) : formatDateTime(o.created_at)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatYen(o.amount)}・{o.payment_method_name}
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
                <Lines order={o} />
              </Table.Td>
              <Table.Td miw={200}>
                <Delivery order={o} />
              </Table.Td>
              <Table.Td className={classes.nowrap} miw={112}>
                <ShippingStatus order={o} />
              </Table.Td>
              <Table.Td>
                <Actions order={o} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
