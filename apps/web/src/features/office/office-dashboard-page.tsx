import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useOfficeI18n } from './office-messages.ts';
import { dashboardQuery } from './api/office-calls.ts';
import classes from './office.module.css';

/** /office: what waits for the office, each count linking to its list. */
export function OfficeDashboardPage() {
  const { f, o } = useOfficeI18n();
  const m = o.dashboard;
  const query = useQuery(dashboardQuery());
  const data = query.data;
  const items = [
    {
      key: 'lotteries',
      label: m.lotteriesReady,
      hint: m.lotteriesReadyHint,
      n: data?.lotteries_ready,
      to: '/office/trainings?waiting=lottery',
    },
    {
      key: 'assistants',
      label: m.assistantsAwaiting,
      hint: m.assistantsAwaitingHint,
      n: data?.assistants_awaiting,
      to: '/office/trainings?waiting=assistant',
    },
    {
      key: 'cancels',
      label: m.cancelRequests,
      hint: m.cancelRequestsHint,
      n: data?.cancel_requests_pending,
      to: '/office/cancel-requests',
    },
    {
      key: 'transfers',
      label: m.transfers,
      hint: m.transfersHint,
      n: data?.transfers_awaiting,
      to: '/office/payments?kind=transfer',
    },
    {
      key: 'onsite',
      label: m.onsite,
      hint: m.onsiteHint,
      n: data?.onsite_unpaid,
      to: '/office/payments?kind=onsite',
    },
    {
      key: 'shipping',
      label: m.shipping,
      hint: m.shippingHint,
      n: data?.shop_orders_to_ship,
      to: '/office/payments?kind=shop',
    },
    {
      key: 'expiries',
      label: o.expiries.dashboard,
      hint: o.expiries.dashboardHint,
      n: data?.certificates_expiring,
      to: '/office/expiries',
    },
  ];
  return (
    <>
      <PageHeading title={m.title} lead={m.lead} />
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {items.map((item) => (
          <Card
            key={item.key}
            component={Link}
            to={item.to}
            withBorder
            padding="lg"
            radius="md"
            className={classes.countCard}
            data-testid={`count-${item.key}`}
          >
            <Text fw={700}>{item.label}</Text>
            {item.n === undefined ? (
              <Skeleton height={36} width={80} my={6} />
            ) : (
              <Text fz={32} fw={800} lh={1.3} c={item.n > 0 ? 'rose.8' : 'dimmed'} data-testid="count-value">
                {f(m.count, item.n)}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {item.hint}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
