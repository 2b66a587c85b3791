// The calendar behind a date field of the search form, loaded when the field is first used (issue 20,
// decision 047): @mantine/dates, its popover and dayjs stay out of the first visit.
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/ja';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import classes from './search.module.css';

export type DatePickerFieldProps = {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  minDate?: string;
  testId: string;
  /** Opened by a click on the light field it replaces: take the focus and open the calendar at once. */
  openOnMount: boolean;
};

export function DatePickerField({
  label,
  value,
  onChange,
  minDate,
  testId,
  openOnMount,
}: DatePickerFieldProps) {
  const { t, lang } = useI18n();
  const s = t.publicSite.search;
  const ref = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (!openOnMount || opened.current) return;
    opened.current = true;
    ref.current?.focus();
    ref.current?.click();
  }, [openOnMount]);
  // The month and year buttons keep their visible text ('2026年11月') as their name, so the labels
  // of the level controls are left out (WCAG 2.5.3, label in name).
  const { monthLevelControl: _month, yearLevelControl: _year, ...navigationLabels } = s.calendar;
  return (
    <DatesProvider settings={{ locale: lang, firstDayOfWeek: 0, weekendDays: [0, 6] }}>
      <DatePickerInput
        ref={ref}
        label={label}
        valueFormat="YYYY/MM/DD"
        placeholder={s.datePlaceholder}
        clearable
        clearButtonProps={{ 'aria-label': s.calendar.clear }}
        ariaLabels={navigationLabels}
        classNames={{ day: classes.calendarDay }}
        // The neighbouring months' days are not drawn: Mantine dims them below 4.5:1 contrast, and a
        // month's own grid is what a reader picks from.
        hideOutsideDates
        getDayAriaLabel={(date: string) => dayjs(date).format(lang === 'ja' ? 'YYYY年M月D日' : 'D MMMM YYYY')}
        monthLabelFormat={lang === 'ja' ? 'YYYY年M月' : 'MMMM YYYY'}
        yearLabelFormat={lang === 'ja' ? 'YYYY年' : 'YYYY'}
        // The picker's dialog is named after its field ('開催日（開始）').
        popoverProps={{
          withinPortal: true,
          attributes: { dropdown: { 'aria-label': label, 'aria-labelledby': undefined } },
        }}
        value={value}
        minDate={minDate}
        onChange={onChange}
        data-testid={testId}
      />
    </DatesProvider>
  );
}
