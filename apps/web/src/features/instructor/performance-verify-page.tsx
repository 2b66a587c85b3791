import { Alert, Paper, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { performanceVerifyQuery } from './api/instructor-calls.ts';
import { useInstructorI18n } from './instructor-messages.ts';

/** /verify/performance/{code}: the public check behind a performance certificate's QR code. */
export function PerformanceVerifyPage() {
  const { m } = useInstructorI18n();
  const p = m.performance;
  const { code = '' } = useParams();
  const query = useQuery(performanceVerifyQuery(code));
  let body;
  if (query.isError)
    body =
      query.error instanceof ApiRequestError && query.error.status === 404 ? (
        <Alert color="gray" variant="light" data-testid="performance-verify-unknown">
          {p.verifyNotFound}
        </Alert>
      ) : (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      );
  else if (!query.data) body = <ListSkeleton count={3} />;
  else {
    const d = query.data;
    body = (
      <Stack gap="md">
        <Alert color="teal" variant="light" data-testid="performance-verify-valid">
          {p.verifyValid}
        </Alert>
        <Paper withBorder p="md">
          <Table>
            <Table.Tbody>
              {(
                [
                  [m.tab.userType, d.role],
                  [p.pdfSession, d.training_name],
                  [p.pdfCourse, d.course_name],
                  [p.pdfDate, formatDate(d.event_date)],
                  [p.pdfIssued, formatDate(d.issued_on)],
                ] as const
              ).map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row">{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">{p.holder}</Table.Th>
                <Table.Td>{d.holder_name}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Paper>
      </Stack>
    );
  }
  return (
    <>
      <PageHeading title={p.verifyTitle} />
      {body}
    </>
  );
}
