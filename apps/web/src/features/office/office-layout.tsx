import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useOfficeI18n } from './office-messages.ts';
import classes from './office.module.css';

/** Japanese lines break between phrases (Chromium), not inside a word. */
const phrase = { wordBreak: 'auto-phrase' } as unknown as CSSProperties;

/** The console's pages: office staff only; a member sees a plain refusal, never a crash. */
export function OfficeLayout() {
  const { t, o } = useOfficeI18n();
  const { user, isLoadingUser } = useAuth();
  const m = o;
  if (!user) {
    return isLoadingUser ? (
      <Center py="xl" role="status" aria-label={t.app.loading}>
        <Loader />
      </Center>
    ) : null;
  }
  if (user.role !== 'office') {
    return (
      <Stack align="center" gap="md" py="xl" ta="center" data-testid="office-forbidden">
        <PageTitle title={m.forbidden.title} />
        <Title order={1} fz={{ base: 22, sm: 28 }} style={phrase}>
          {m.forbidden.title}
        </Title>
        <Text c="dimmed" maw={560} style={phrase}>
          {m.forbidden.body}
        </Text>
        <Button component={Link} to="/my-page/info">
          {m.forbidden.toMyPage}
        </Button>
      </Stack>
    );
  }
  // The console's pages in five groups, so the tabs read as sections on a phone too.
  const groups: { label: string; links: { to: string; label: string; end: boolean }[] }[] = [
    {
      label: m.nav.groups.sessions,
      links: [
        { to: '/office', label: m.nav.dashboard, end: true },
        { to: '/office/trainings', label: m.nav.trainings, end: false },
        { to: '/office/sessions', label: m.catalogue.console.sessions, end: false },
        { to: '/office/courses', label: m.catalogue.console.courses, end: false },
        { to: '/office/check-in', label: m.nav.checkIn, end: false },
        { to: '/office/cancel-requests', label: m.nav.cancelRequests, end: false },
        { to: '/office/payments', label: m.nav.payments, end: false },
      ],
    },
    {
      label: m.nav.groups.instructors,
      links: [
        { to: '/office/instructor-requests', label: m.nav.instructorRequests, end: false },
        { to: '/office/rank-up-requests', label: m.nav.rankUps, end: false },
        { to: '/office/expiries', label: m.expiries.nav, end: false },
      ],
    },
    {
      label: m.nav.groups.people,
      links: [
        { to: '/office/members', label: m.members.nav, end: false },
        { to: '/office/contacts', label: m.inbox.nav.contacts, end: false },
        { to: '/office/local-holdings', label: m.people.holdings.nav, end: false },
        { to: '/office/outbox', label: m.inbox.nav.outbox, end: false },
      ],
    },
    {
      label: m.nav.groups.site,
      links: [
        { to: '/office/content', label: m.pages.console.nav, end: false },
        { to: '/office/shop', label: m.shop.page.title, end: false },
      ],
    },
    {
      label: m.nav.groups.admin,
      links: [
        { to: '/office/audit', label: m.audit.nav, end: false },
        // Staff management is for office admins only (decision 041).
        ...(user.office_role === 'admin'
          ? [{ to: '/office/staff', label: m.people.staff.nav, end: false }]
          : []),
      ],
    },
  ];
  return (
    <div>
      <nav aria-label={m.title} className={classes.nav}>
        {groups.map((group) => (
          <div key={group.label} role="group" aria-label={group.label} className={classes.navGroup}>
            <span className={classes.navGroupLabel} aria-hidden="true">
              {group.label}
            </span>
            {group.links.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className={classes.navLink}>
                {link.label}
              </NavLink>
            ))}
          </div>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
