import { Button } from '@mantine/core';
import { api, calendarEn, calendarJa } from '@mels/domain';
import { buildQuery, fillPath } from '../lib/api-client.ts';
import { useI18n } from '../lib/i18n.tsx';

/**
 * 'Add to calendar': a link to the session's .ics (a plain link, so a phone hands the file straight to its
 * calendar app), in the interface's language.
 */
export function AddToCalendarLink({ trainingId, userTypeId }: { trainingId: number; userTypeId: number }) {
  const { lang } = useI18n();
  const c = lang === 'en' ? calendarEn : calendarJa;
  const href = `/api/v1${fillPath(api.calendar.session.path, { id: trainingId })}${buildQuery({ user_type: userTypeId, lang })}`;
  return (
    <Button
      component="a"
      href={href}
      download={`session-${trainingId}.ics`}
      variant="default"
      title={c.addToCalendarHint}
    >
      {c.addToCalendar}
    </Button>
  );
}
