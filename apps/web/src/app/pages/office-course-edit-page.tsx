import { Alert, Button, Drawer, Stack, Text, Title, useMatches } from '@mantine/core';
import { api, type CourseDetail, type OfficeCourse, type OfficeDocument } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { call } from '../../lib/api-client.ts';
import { CourseBody } from '../../features/courses/course-page.tsx';
import { useCatalogueI18n } from '../../features/office-catalogue/catalogue-i18n.ts';
import { CONTENT_KEY } from '../../features/office-catalogue/content-i18n.ts';
import { CourseEditPage } from '../../features/office-catalogue/course-edit-page.tsx';

/** The player a link gets, as the API's course presenter decides it ('self' for a path on this site). */
function hostnameOf(link: string): string {
  if (link.startsWith('/')) return 'self';
  try {
    return new URL(link).hostname;
  } catch {
    return 'self';
  }
}

/**
 * The office's saved course in the public page's shape. The public API does not show a course that is
 * not public, so the preview is built from the office's own data: the same fields the public detail
 * gives, with the documents the office uploaded (preview videos have no thumbnail in the office data).
 */
function publicShape(course: OfficeCourse, documents: OfficeDocument[]): CourseDetail {
  return {
    id: course.id,
    name: course.name,
    description: course.description,
    price: course.price,
    order: course.order,
    certificate_prefix: course.certificate_prefix,
    is_renewal: course.is_renewal,
    thumbnail: null,
    duration: course.duration,
    participant: course.participant,
    resource: course.resource,
    certification_standard: course.certification_standard,
    certification_period: course.certification_period,
    certification_renew: course.certification_renew,
    memo: course.memo,
    intro_video: null,
    video_previews: course.video_previews.map((v) => ({
      ...v,
      thumbnail: null,
      hostname: hostnameOf(v.link),
    })),
    documents: documents.map(({ id, name, link }) => ({ id, name, link })),
  };
}

function CoursePreview({ course }: { course: OfficeCourse }) {
  const { c, t } = useCatalogueI18n();
  const [opened, setOpened] = useState(false);
  // A phone gets the whole screen; wider screens keep the editor visible beside the preview.
  const size = useMatches({ base: '100%', sm: 'xl' });
  const documents = useQuery({
    // The documents tab's own query: an upload there shows here at once.
    queryKey: [...CONTENT_KEY, 'documents', course.id],
    queryFn: ({ signal }) => call(api.officeCourseDocuments.list, { params: { id: course.id } }, { signal }),
    enabled: opened,
  });
  return (
    <>
      <Button variant="light" size="xs" onClick={() => setOpened(true)}>
        {c.console.previewPublic}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size={size}
        title={c.console.previewPublic}
        closeButtonProps={{ 'aria-label': t.app.close }}
      >
        <Stack gap="md" data-testid="course-preview">
          <Text size="sm" c="dimmed">
            {c.console.previewLead}
          </Text>
          {course.is_active ? null : (
            <Alert color="yellow" variant="light">
              {c.console.previewDraft}
            </Alert>
          )}
          {documents.isError ? (
            <QueryError error={documents.error} onRetry={() => void documents.refetch()} />
          ) : null}
          {documents.isPending ? <ListSkeleton count={3} /> : null}
          {documents.data ? (
            <>
              <Title order={2} fz={28} data-user-content>
                {course.name}
              </Title>
              <CourseBody course={publicShape(course, documents.data.documents)} />
            </>
          ) : null}
        </Stack>
      </Drawer>
    </>
  );
}

/** /office/courses/:id: the course editor with a preview of the public course page (drafts too). */
export function OfficeCourseEditPage() {
  return <CourseEditPage actions={(course) => <CoursePreview course={course} />} />;
}
