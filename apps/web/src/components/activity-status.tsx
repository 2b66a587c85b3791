import { Badge } from '@mantine/core';
import type { ActivityBadgeKey, OfficeLabelKey } from '@mels/domain';
import { useI18n } from '../lib/i18n.tsx';

/** As on the session cards: statuses that end the story are grey, completion green, the rest the programme colour. */
const MUTED: readonly ActivityBadgeKey[] = ['lost', 'cancelled', 'wonElsewhere', 'sessionCancelled'];
const DONE: readonly ActivityBadgeKey[] = ['completed'];

/** The label of activityBadge() or officeStatusLabel() (packages/domain) in the chosen language. */
export function useActivityLabel() {
  const { t } = useI18n();
  return (key: OfficeLabelKey | null): string => {
    if (key === null) return '—';
    if (key in t.activity.statuses) return t.activity.statuses[key as keyof typeof t.activity.statuses];
    return t.badges[key as keyof typeof t.badges];
  };
}

export function ActivityStatus({ badge }: { badge: ActivityBadgeKey | null }) {
  const label = useActivityLabel();
  if (badge === null) return <>{label(null)}</>;
  const color = MUTED.includes(badge) ? 'gray.7' : DONE.includes(badge) ? 'teal.9' : 'rose.8';
  return (
    <Badge variant="filled" color={color} radius="sm" data-badge={badge}>
      {label(badge)}
    </Badge>
  );
}
