import { Badge } from '@mantine/core';
import { USER_TYPE, type BadgeKey, type TrainingCard } from '@mels/domain';
import { Link } from 'react-router';
import { formatDateTime, formatYen } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { formatEventDate } from './card-format.ts';
import classes from './search.module.css';

const RECRUITING_KEY = {
  upcoming: 'recruitingUpcoming',
  open: 'recruitingOpen',
  closed: 'recruitingClosed',
} as const;

const RECRUITING_COLOR = { upcoming: 'blue.8', open: 'teal.9', closed: 'gray.7' } as const;

/** Badges that end the story on this session are grey; the others keep the programme colour. */
const MUTED_BADGES: readonly BadgeKey[] = [
  'lost',
  'cancelled',
  'wonElsewhere',
  'sessionCancelled',
  'completed',
];

/**
 * The member's own badge when they have one, else the recruitment's state; a cancelled session has no
 * recruitment state to show (its 'session cancelled' badge says it all).
 */
function StatusBadge({ item, loggedIn }: { item: TrainingCard; loggedIn: boolean }) {
  const { t } = useI18n();
  if (loggedIn && item.badge) {
    return (
      <Badge
        className={classes.status}
        variant="filled"
        color={MUTED_BADGES.includes(item.badge) ? 'gray.7' : 'rose.8'}
      >
        {t.badges[item.badge]}
      </Badge>
    );
  }
  if (item.is_active === 0) return null;
  return (
    <Badge className={classes.status} variant="filled" color={RECRUITING_COLOR[item.recruiting]}>
      {t.badges[RECRUITING_KEY[item.recruiting]]}
    </Badge>
  );
}

/** One session for one recruited user type (spec 000 §2 Session cards). */
export function SessionCard({
  item,
  loggedIn,
  headingLevel = 2,
}: {
  item: TrainingCard;
  loggedIn: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t, f } = useI18n();
  const c = t.publicSite.card;
  const cancelled = item.is_active === 0;
  const linked = item.user_type.id !== USER_TYPE.link;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const userTypeLabel = (t.userTypes as Record<number, string>)[item.user_type.id] ?? item.user_type.type;
  return (
    <article
      className={classes.card}
      data-linked={linked || undefined}
      data-cancelled={cancelled || undefined}
      data-testid="session-card"
    >
      <div className={classes.chips}>
        <span className={`${classes.chip} ${classes.chipCourse}`} data-testid="card-course" data-user-content>
          {item.course.name}
        </span>
        <span className={classes.chip} data-user-content>
          {item.area.name}
        </span>
        <span className={classes.chip}>
          <span className="visually-hidden">{c.userType}: </span>
          {userTypeLabel}
        </span>
        {cancelled && item.badge !== 'sessionCancelled' ? (
          <Badge variant="filled" color="red.9">
            {t.badges.sessionCancelled}
          </Badge>
        ) : null}
        <StatusBadge item={item} loggedIn={loggedIn} />
      </div>
      <Heading className={classes.cardTitle}>
        {linked ? (
          <Link
            to={`/session/${item.id}/${item.user_type.id}`}
            className={classes.cardLink}
            data-user-content
          >
            {item.name}
          </Link>
        ) : (
          <span data-user-content>{item.name}</span>
        )}
      </Heading>
      <dl className={classes.facts}>
        <dt>{c.date}</dt>
        <dd>
          <time dateTime={item.event_date}>
            {formatEventDate(item.event_date, c.weekdays, c.dateWithWeekday)}
          </time>
        </dd>
        <dt>{c.time}</dt>
        <dd>
          {item.event_start_time}
          {t.app.range}
          {item.event_end_time}
        </dd>
        <dt>{c.sponsor}</dt>
        <dd data-user-content>{item.sponsor_by}</dd>
        <dt>{c.venue}</dt>
        <dd data-user-content>
          {item.venue_name}
          {item.venue ? (
            <span className={classes.venueAddress}>{f(t.app.parenthesized, item.venue)}</span>
          ) : null}
        </dd>
        <dt>{c.capacity}</dt>
        <dd>{f(c.capacityValue, item.capacity)}</dd>
        {item.user_type.id === USER_TYPE.attendee ? (
          <>
            <dt>{c.fee}</dt>
            <dd>{item.price === 0 ? c.free : formatYen(item.price)}</dd>
          </>
        ) : null}
        {item.target ? (
          <>
            <dt>{c.target}</dt>
            <dd data-user-content>{item.target}</dd>
          </>
        ) : null}
        <dt>{c.recruitmentPeriod}</dt>
        <dd>
          {formatDateTime(item.apply_date.start)}
          {t.app.range}
          {formatDateTime(item.apply_date.end)}
        </dd>
      </dl>
    </article>
  );
}
