import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import { DatePickerInput, DateTimePicker, DatesProvider, TimeInput } from '@mantine/dates';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useCatalogueI18n } from './catalogue-i18n.ts';

/** The calendars of the console, in the interface's language (Japanese first), weeks from Sunday. */
export function CatalogueDates({ children }: { children: ReactNode }) {
  const { lang } = useCatalogueI18n();
  return (
    <DatesProvider settings={{ locale: lang, firstDayOfWeek: 0, weekendDays: [0, 6] }}>
      {children}
    </DatesProvider>
  );
}

function useCalendarProps(label: string) {
  const { t, lang } = useCatalogueI18n();
  const s = t.publicSite.search;
  // The month and year buttons keep their visible text as their name (WCAG 2.5.3, label in name).
  const { monthLevelControl: _month, yearLevelControl: _year, ...navigationLabels } = s.calendar;
  return {
    ariaLabels: navigationLabels,
    getDayAriaLabel: (date: string) => dayjs(date).format(lang === 'ja' ? 'YYYY年M月D日' : 'D MMMM YYYY'),
    monthLabelFormat: lang === 'ja' ? 'YYYY年M月' : 'MMMM YYYY',
    yearLabelFormat: lang === 'ja' ? 'YYYY年' : 'YYYY',
    popoverProps: {
      withinPortal: true,
      attributes: { dropdown: { 'aria-label': label, 'aria-labelledby': undefined } },
    },
    clearButtonProps: { 'aria-label': s.calendar.clear },
  } as const;
}

/** A Japan-time date 'YYYY-MM-DD' (or null), picked on a Japanese calendar. */
export function DateField(props: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
  required?: boolean;
  clearable?: boolean;
}) {
  const calendar = useCalendarProps(props.label);
  return (
    <DatePickerInput
      {...calendar}
      label={props.label}
      valueFormat="YYYY/MM/DD"
      value={props.value}
      onChange={(v) => props.onChange(v ? String(v).slice(0, 10) : null)}
      error={props.error}
      required={props.required}
      clearable={props.clearable}
    />
  );
}

/** A Japan-time date and time 'YYYY-MM-DD HH:MM' (or null), picked on a Japanese calendar. */
export function DateTimeField(props: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
  description?: string;
  required?: boolean;
  clearable?: boolean;
}) {
  const calendar = useCalendarProps(props.label);
  return (
    <DateTimePicker
      {...calendar}
      label={props.label}
      description={props.description}
      valueFormat="YYYY/MM/DD HH:mm"
      value={props.value ? `${props.value}:00` : null}
      onChange={(v) => props.onChange(v ? String(v).slice(0, 16) : null)}
      error={props.error}
      required={props.required}
      clearable={props.clearable}
    />
  );
}

/** A clock time 'HH:MM' (or null when left empty and `optional`). */
export function TimeField(props: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
  required?: boolean;
}) {
  return (
    <TimeInput
      label={props.label}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.currentTarget.value ? e.currentTarget.value.slice(0, 5) : null)}
      error={props.error}
      required={props.required}
    />
  );
}
