import { Anchor, Text, Title } from '@mantine/core';
import { LIMITS } from '@mels/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DeferredSection } from '../../../components/deferred-section.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { latestNewsQuery } from '../../../features/news/api/get-news-list.ts';
import { NewsListItem } from '../../../features/news/news-list-item.tsx';
import newsClasses from '../../../features/news/news.module.css';
import { CourseCards } from './course-cards.tsx';
import classes from './home.module.css';
import { HomeSearch } from './home-search.tsx';

function Courses() {
  const { t } = useI18n();
  const c = t.publicSite.course;
  return (
    <section aria-labelledby="home-courses">
      <Title order={2} id="home-courses" fz={22}>
        {c.listHeading}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {c.listLead}
      </Text>
      <CourseCards />
    </section>
  );
}

function LatestNews() {
  const { t } = useI18n();
  const query = useQuery(latestNewsQuery(LIMITS.homeNews));
  return (
    <section aria-labelledby="home-news">
      <div className={classes.sectionHead}>
        <Title order={2} id="home-news" fz={22}>
          {t.pages.latestNews}
        </Title>
        <Anchor component={Link} to="/news" size="sm" fw={700}>
          {t.pages.newsMore} →
        </Anchor>
      </div>
      {query.isPending ? (
        <ListSkeleton count={5} height={44} />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState>{t.empty.noData}</EmptyState>
      ) : (
        <ul className={newsClasses.list}>
          {query.data.data.map((item) => (
            <NewsListItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Banner({
  to,
  title,
  lead,
  tone,
}: {
  to: string;
  title: string;
  lead: string;
  tone: 'rose' | 'teal';
}) {
  return (
    <Link to={to} className={`${classes.banner} ${classes[tone]}`}>
      <Text fw={800} fz={20}>
        {title}
      </Text>
      <Text size="sm">{lead}</Text>
    </Link>
  );
}

export function HomePage() {
  const { t } = useI18n();
  return (
    <div className={classes.page}>
      <PageTitle />
      <div className={classes.hero}>
        <Title order={1} c="rose.9" className={classes.heroTitle}>
          {t.home.heroTitle}
        </Title>
        <Text mt="sm" maw={640}>
          {t.home.heroLead}
        </Text>
        <div className={classes.heroSearch}>
          <DeferredSection name="home-search">
            <HomeSearch />
          </DeferredSection>
        </div>
      </div>
      <DeferredSection name="home-news">
        <LatestNews />
      </DeferredSection>
      <DeferredSection name="home-courses">
        <Courses />
        <div className={classes.banners}>
          <Banner to="/flow" title={t.pages.flowBanner} lead={t.pages.flowBannerLead} tone="rose" />
          <Banner to="/faq" title={t.pages.faqBanner} lead={t.pages.faqBannerLead} tone="teal" />
        </div>
      </DeferredSection>
    </div>
  );
}
