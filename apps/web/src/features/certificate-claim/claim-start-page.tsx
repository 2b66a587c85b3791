import { Anchor, Button, NativeSelect, Paper, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useClaimI18n } from './claim-messages.ts';
import { claimCoursesQuery } from './api/claim-calls.ts';
import { claimableCourses, claimPath, type CodeKind } from './claim-shared.tsx';

/** /certificate: データ移行. The course, and whether the attendee has a 受講コード or a 認定番号. */
export function CertificateClaimPage() {
  const { t, c } = useClaimI18n();
  const m = c;
  const navigate = useNavigate();
  const query = useQuery(claimCoursesQuery);
  const [courseId, setCourseId] = useState('');
  const [kind, setKind] = useState<CodeKind>('attendance');
  const [courseError, setCourseError] = useState<string | null>(null);

  let body;
  if (query.isPending) body = <Skeleton height={280} radius="sm" />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const courses = claimableCourses(query.data);
    if (courses.length === 0) body = <EmptyState>{m.noCourses}</EmptyState>;
    else
      body = (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const id = Number(courseId);
              if (!courses.some((c) => c.id === id)) {
                setCourseError(m.courseRequired);
                return;
              }
              void navigate(claimPath(id, kind === 'attendance' ? 'input-code' : 'certificate-no'));
            }}
          >
            <Stack gap="lg">
              <NativeSelect
                label={t.fields.course}
                required
                value={courseId}
                onChange={(event) => {
                  setCourseId(event.currentTarget.value);
                  if (event.currentTarget.value) setCourseError(null);
                }}
                data={[
                  { value: '', label: m.coursePlaceholder },
                  ...courses.map((c) => ({ value: String(c.id), label: c.name })),
                ]}
                error={courseError}
                maw={420}
              />
              <Radio.Group
                label={m.method}
                required
                value={kind}
                onChange={(value) => setKind(value as CodeKind)}
              >
                <Stack gap="sm" mt="xs">
                  <Radio value="attendance" label={m.methodAttendance} description={m.methodAttendanceNote} />
                  <Radio
                    value="certificate"
                    label={m.methodCertificate}
                    description={m.methodCertificateNote}
                  />
                </Stack>
              </Radio.Group>
              <Button type="submit" size="md" w={{ base: '100%', sm: 240 }}>
                {m.next}
              </Button>
              <Text size="sm">
                <Anchor
                  component={Link}
                  to={
                    courseId
                      ? claimPath(Number(courseId), 'forgot-certificate-no')
                      : // Without a course yet, the first one's page explains the same thing.
                        claimPath(courses[0]!.id, 'forgot-certificate-no')
                  }
                >
                  {m.forgotLink}
                </Anchor>
              </Text>
            </Stack>
          </form>
        </Paper>
      );
  }
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <PageHeading title={m.title} lead={m.lead} />
      {body}
    </Stack>
  );
}
