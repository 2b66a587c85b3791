import { Skeleton, Text, Title } from '@mantine/core';
import type { CourseSummary } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatYen } from '../../../lib/format.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { coursesQuery } from '../../../features/search/api/get-courses.ts';
import classes from './home.module.css';

function CourseThumb({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={classes.courseThumb} aria-hidden>
      {src && !failed ? <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} /> : null}
    </div>
  );
}

function CourseCard({ course }: { course: CourseSummary }) {
  const { t } = useI18n();
  const c = t.publicSite.course;
  const lead = course.description.split('\n')[0] ?? '';
  return (
    <article className={classes.courseCard}>
      <CourseThumb src={course.thumbnail} />
      <div className={classes.courseBody}>
        <Title order={3} fz={18} mb={6}>
          <Link to={`/course/${course.id}`} className={classes.courseLink} data-user-content>
            {course.name}
          </Link>
        </Title>
        <Text size="sm" className={classes.courseLead} data-user-content>
          {lead}
        </Text>
        <div className={classes.courseFoot}>
          <Text size="xs" c="gray.7">
            {c.price}
            {t.app.colon}
            {course.price === 0 ? c.free : formatYen(course.price)}
          </Text>
          <Text size="sm" fw={700} c="rose.8" aria-hidden>
            {c.detailLink} →
          </Text>
        </div>
      </div>
    </article>
  );
}

/** One card per course, each leading to /course/{id}. */
export function CourseCards() {
  const { t } = useI18n();
  const query = useQuery(coursesQuery());
  if (query.isPending)
    return (
      <div className={classes.courseGrid}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={260} radius="md" />
        ))}
      </div>
    );
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState>{t.empty.noData}</EmptyState>;
  return (
    <div className={classes.courseGrid}>
      {query.data.map((course) => (
        <CourseCard key={course.id} course={course} />
      ))}
    </div>
  );
}
