import { Stack, Tabs } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { CalendarFeedCard } from '../../features/calendar/calendar-feed-card.tsx';
import { ActivityTab } from '../../features/activity/activity-tab.tsx';
import { InstructorTab } from '../../features/instructor/instructor-tab.tsx';
import { instructorEn, instructorJa } from '@mels/domain';
import { OrderHistory } from '../../features/orders/order-history.tsx';
import { ProfileTab } from '../../features/account/my-page/profile-tab.tsx';

/** The tabs of spec 001 §2: activities, completed (instructors), info, order history. */
const TABS = ['activities', 'completed', 'info', 'order-history'] as const;
type Tab = (typeof TABS)[number];

/** /my-page/{tab}: an unknown tab goes to /my-page/info. */
export function MyPage() {
  const { t, lang } = useI18n();
  const m = t.account.myPage;
  const { tab } = useParams();
  const navigate = useNavigate();
  if (!(TABS as readonly string[]).includes(tab ?? '')) return <Navigate to="/my-page/info" replace />;
  const labels: Record<Tab, string> = {
    activities: t.activity.tab,
    completed: (lang === 'en' ? instructorEn : instructorJa).tab.title,
    info: m.info,
    'order-history': t.payments.orders.title,
  };
  return (
    <>
      <PageHeading title={m.title} documentTitle={`${labels[tab as Tab]} | ${m.title}`} />
      <Tabs value={tab} onChange={(next) => next && void navigate(`/my-page/${next}`)} keepMounted={false}>
        <Tabs.List aria-label={m.tabs} mb="lg">
          {TABS.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {labels[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="activities">
          <Stack gap="xl">
            <ActivityTab />
            <CalendarFeedCard />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="completed">
          <InstructorTab />
        </Tabs.Panel>
        <Tabs.Panel value="info">
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value="order-history">
          <OrderHistory />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
