import { Anchor, Box, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { CourseDetail, VideoPreview } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { courseQuery } from './api/get-course.ts';
import classes from './course.module.css';

// The player's modal loads with the first video opened (issue 20, decision 047), and stays for the next.
const VideoPlayerModal = lazy(() =>
  import('./video-player-modal.tsx').then((m) => ({ default: m.VideoPlayerModal })),
);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function VideoThumb({ video, onOpen }: { video: VideoPreview; onOpen: () => void }) {
  const { t, f } = useI18n();
  const [failed, setFailed] = useState(false);
  return (
    <button
      type="button"
      className={classes.videoButton}
      onClick={onOpen}
      aria-label={f(t.publicSite.course.play, video.name)}
    >
      <span className={classes.videoThumb} aria-hidden>
        {video.thumbnail && !failed ? (
          <img src={video.thumbnail} alt="" loading="lazy" onError={() => setFailed(true)} />
        ) : null}
        <span className={classes.playIcon}>▶</span>
      </span>
      <span className={classes.videoName}>{video.name}</span>
    </button>
  );
}

function searchUrl(id: number) {
  return `/search-result?course_id=${id}&recruitment=4`;
}

/** The public course page below its heading; the office's preview renders it too (app/pages). */
export function CourseBody({ course }: { course: CourseDetail }) {
  const { t, f } = useI18n();
  const c = t.publicSite.course;
  const [playing, setPlaying] = useState<VideoPreview | null>(null);
  const [played, setPlayed] = useState(false);
  return (
    <Stack gap="xl">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="course-overview">
        <Title order={2} fz={20} id="course-overview" mb="sm">
          {c.description}
        </Title>
        <Text className={classes.prose}>{course.description}</Text>
        <Button component={Link} to={searchUrl(course.id)} mt="lg" size="md">
          {c.searchSessions}
        </Button>
      </Paper>

      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <dl className={classes.facts}>
          <Fact label={c.duration}>{course.duration}</Fact>
          <Fact label={c.participant}>{course.participant}</Fact>
          <Fact label={c.resource}>{course.resource}</Fact>
          <Fact label={c.certificationStandard}>{course.certification_standard}</Fact>
          {course.certification_period !== null ? (
            <Fact label={c.certificationPeriod}>{f(c.periodYears, course.certification_period)}</Fact>
          ) : null}
          {course.certification_renew ? (
            <Fact label={c.certificationRenew}>{course.certification_renew}</Fact>
          ) : null}
          {course.memo ? <Fact label={c.memo}>{course.memo}</Fact> : null}
          <Fact label={c.price}>{course.price === 0 ? c.free : formatYen(course.price)}</Fact>
        </dl>
      </Paper>

      {course.documents.length > 0 ? (
        <Box component="section" aria-labelledby="course-documents">
          <Title order={2} fz={20} id="course-documents" mb="sm">
            {c.documents}
          </Title>
          <ul className={classes.documents}>
            {course.documents.map((d) => (
              <li key={d.id}>
                <Anchor href={d.link} download>
                  {d.name}
                </Anchor>
              </li>
            ))}
          </ul>
        </Box>
      ) : null}

      {course.video_previews.length > 0 ? (
        <Box component="section" aria-labelledby="course-videos">
          <Title order={2} fz={20} id="course-videos">
            {c.videos}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {c.videosLead}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {course.video_previews.map((v) => (
              <VideoThumb
                key={v.id}
                video={v}
                onOpen={() => {
                  setPlayed(true);
                  setPlaying(v);
                }}
              />
            ))}
          </SimpleGrid>
          {played ? (
            <Suspense fallback={null}>
              <VideoPlayerModal video={playing} onClose={() => setPlaying(null)} />
            </Suspense>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
}

/** /course/{id}: a course's description, facts, documents and video library. */
export function CoursePage() {
  const { t } = useI18n();
  const c = t.publicSite.course;
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2147483647;
  const query = useQuery({ ...courseQuery(id), enabled: valid });
  if (!valid)
    return (
      <>
        <PageTitle title={c.fallbackTitle} />
        <EmptyState>{t.errors.notFound}</EmptyState>
      </>
    );
  if (query.isPending)
    return (
      <>
        <PageTitle title={c.fallbackTitle} />
        <Skeleton height={36} width="50%" mb="lg" />
        <Skeleton height={220} mb="lg" />
        <Skeleton height={320} />
      </>
    );
  if (query.isError)
    return (
      <>
        <PageTitle title={c.fallbackTitle} />
        <QueryError
          error={query.error}
          onRetry={() => void query.refetch()}
          notFoundText={t.errors.notFound}
        />
      </>
    );
  return (
    <>
      <PageHeading title={query.data.name} />
      <CourseBody course={query.data} />
    </>
  );
}
