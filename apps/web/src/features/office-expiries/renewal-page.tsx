import { Anchor, Badge, Paper, Stack, Text } from '@mantine/core';
import { api } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { EXPIRIES_KEY, useExpiriesI18n } from './expiries-i18n.ts';
import classes from './expiries.module.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** /office/renewals/{id}: one renewal as the office sees it: status, videos, test, fee (decision 038). */
export function RenewalPage() {
  const { f, x } = useExpiriesI18n();
  const r = x.renewal;
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [...EXPIRIES_KEY, 'renewal', id],
    queryFn: ({ signal }) => call(api.officeExpiries.renewal, { params: { id } }, { signal }),
    enabled: valid,
  });
  if (!valid) return <Navigate to="/office/expiries" replace />;
  const back = (
    <Anchor component={Link} to="/office/expiries" size="sm">
      {r.back}
    </Anchor>
  );
  if (query.isPending) return <ListSkeleton count={3} />;
  if (query.isError)
    return (
      <Stack gap="md">
        {back}
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  const v = query.data;
  const period = (start: string, end: string | null) =>
    `${formatDate(start)} – ${end ? formatDate(end) : ''}`;
  return (
    <Stack gap="md">
      {back}
      <PageHeading title={f(r.title, v.id)} />
      <Paper withBorder p="md" radius="md">
        <dl className={classes.facts} data-testid="renewal-facts">
          <Fact label={r.status}>
            <Badge variant="filled" color="blue.8" radius="sm">
              {x.progress[v.progress]}
            </Badge>
          </Fact>
          <Fact label={r.member}>
            <Text size="sm" span data-user-content>
              {`${v.member.name}（${v.member.email}）`}
            </Text>
          </Fact>
          <Fact label={r.source}>
            {`${v.source_certificate.certificate_number}\u3000${period(v.source_certificate.start_date, v.source_certificate.end_date)}`}
          </Fact>
          <Fact label={r.certificate}>
            {v.certificate
              ? `${v.certificate.certificate_number}\u3000${v.certificate.end_date ? formatDate(v.certificate.end_date) : ''}`
              : r.none}
          </Fact>
          <Fact label={r.videos}>{f(r.videosValue, v.videos.seen, v.videos.total)}</Fact>
          <Fact label={r.test}>{f(r.testValue, v.test.correct, v.test.questions, v.test.attempts)}</Fact>
          <Fact label={r.payments}>
            {v.payments.length === 0 ? (
              r.noPayment
            ) : (
              <Stack gap={2}>
                {v.payments.map((p) => (
                  <Text size="sm" key={p.order_id}>
                    {f(
                      r.orderLine,
                      p.order_id,
                      `¥${p.amount.toLocaleString('ja-JP')}`,
                      r.orderStatus[String(p.status) as keyof typeof r.orderStatus] ?? String(p.status),
                    )}
                    {p.paid_at ? `\u3000${formatDate(p.paid_at)}` : ''}
                  </Text>
                ))}
              </Stack>
            )}
          </Fact>
        </dl>
      </Paper>
    </Stack>
  );
}
