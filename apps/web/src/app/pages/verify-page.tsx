import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CertificateStatus, CertificateVerify } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { verifyQuery } from '../../features/session/api/learning-calls.ts';
import classes from '../../features/session/learning.module.css';

const TONE: Record<CertificateStatus | 'unknown', { color: string; bg: string; border: string }> = {
  valid: {
    color: 'var(--mantine-color-teal-9)',
    bg: 'var(--mantine-color-teal-0)',
    border: 'var(--mantine-color-teal-6)',
  },
  expired: {
    color: 'var(--mantine-color-orange-9)',
    bg: 'var(--mantine-color-orange-0)',
    border: 'var(--mantine-color-orange-6)',
  },
  revoked: {
    color: 'var(--mantine-color-red-9)',
    bg: 'var(--mantine-color-red-0)',
    border: 'var(--mantine-color-red-6)',
  },
  renewed: {
    color: 'var(--mantine-color-blue-9)',
    bg: 'var(--mantine-color-blue-0)',
    border: 'var(--mantine-color-blue-6)',
  },
  unknown: {
    color: 'var(--mantine-color-gray-8)',
    bg: 'var(--mantine-color-gray-0)',
    border: 'var(--mantine-color-gray-5)',
  },
};

/** A round icon per state: a tick (valid), a clock (expired), a cross (revoked), a turning arrow (renewed), a question mark (unknown). */
function StatusIcon({ status }: { status: CertificateStatus | 'unknown' }) {
  const stroke = TONE[status].color;
  const common = {
    fill: 'none',
    stroke,
    strokeWidth: 2.4,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  return (
    <svg className={classes.statusIcon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="21" {...common} />
      {status === 'valid' ? <path d="M14 25 l7 7 l13 -15" {...common} strokeWidth={3.2} /> : null}
      {status === 'expired' ? <path d="M24 13 v12 l8 5" {...common} strokeWidth={3} /> : null}
      {status === 'revoked' ? <path d="M16 16 l16 16 M32 16 l-16 16" {...common} strokeWidth={3.2} /> : null}
      {status === 'renewed' ? (
        <path d="M33 20 a10 10 0 1 0 1 8 M33 12 v8 h-8" {...common} strokeWidth={3} />
      ) : null}
      {status === 'unknown' ? (
        <>
          <path d="M18.5 18.5 a5.5 5.5 0 1 1 8 5 c-1.8 1 -2.5 2 -2.5 4 v1.5" {...common} strokeWidth={3} />
          <circle cx="24" cy="34.5" r="1.6" fill={stroke} />
        </>
      ) : null}
    </svg>
  );
}

function StatusBanner({
  status,
  title,
  body,
}: {
  status: CertificateStatus | 'unknown';
  title: string;
  body: string;
}) {
  const tone = TONE[status];
  return (
    <Paper
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      style={{ background: tone.bg, border: `2px solid ${tone.border}` }}
      data-testid="verify-status"
      data-status={status}
      role="status"
    >
      <Group gap="md" wrap="nowrap" align="center">
        <StatusIcon status={status} />
        <div>
          <Title order={2} fz={{ base: 20, sm: 24 }} style={{ color: tone.color }}>
            {title}
          </Title>
          <Text size="sm" mt={4}>
            {body}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function VerifyResult({ data }: { data: CertificateVerify }) {
  const { t, f } = useI18n();
  const v = t.learning.pages.verify;
  return (
    <Stack gap="lg">
      <StatusBanner status={data.status} title={v[data.status]} body={v[`${data.status}Body`]} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <dl className={classes.facts} data-testid="verify-facts">
          <Fact label={v.holder}>
            {data.holder_name}
            {data.holder_name_alpha ? (
              <Text span c="dimmed" ml="xs">
                （{data.holder_name_alpha}）
              </Text>
            ) : null}
          </Fact>
          <Fact label={v.course}>{data.course_name}</Fact>
          <Fact label={v.number}>{data.certificate_number}</Fact>
          <Fact label={v.issuedOn}>{formatDate(data.issued_on)}</Fact>
          <Fact label={v.validUntil}>{data.valid_until ? formatDate(data.valid_until) : v.noExpiry}</Fact>
          {data.revoked_at ? <Fact label={v.revokedAt}>{formatDate(data.revoked_at)}</Fact> : null}
        </dl>
      </Paper>
      <Text size="sm" c="dimmed">
        {f(v.issuer, t.app.association)}
      </Text>
    </Stack>
  );
}

/** /verify/{code}: the public check of a certificate behind its QR code (no login). */
export function VerifyPage() {
  const { t } = useI18n();
  const v = t.learning.pages.verify;
  const code = useParams().code ?? '';
  const query = useQuery(verifyQuery(code));
  let body: ReactNode;
  if (query.isPending) body = <ListSkeleton count={5} height={40} />;
  else if (query.isError)
    body =
      query.error instanceof ApiRequestError && query.error.status === 404 ? (
        <StatusBanner status="unknown" title={v.notFoundTitle} body={t.learning.api.verifyNotFound} />
      ) : (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      );
  else body = <VerifyResult data={query.data} />;
  return (
    <Stack gap={0} maw={760} mx="auto" w="100%">
      <PageHeading title={v.title} lead={v.lead} />
      {body}
    </Stack>
  );
}
