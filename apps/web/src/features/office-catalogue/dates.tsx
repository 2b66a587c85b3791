import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import { Group } from '@mantine/core';
import { DateInput, DatesProvider, TimeInput } from '@mantine/dates';
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

/** 'YYYY/MM/DD' or 'YYYY-MM-DD' typed (or 'YYYY年M月D日'): the day 'YYYY-MM-DD', or null. */
export function parseTypedDate(input: string): string | null {
  const m = /^\s*(\d{4})\s*[/\-年.]\s*(\d{1,2})\s*[/\-月.]\s*(\d{1,2})\s*日?\s*$/.exec(input);
  if (!m) return null;
  const day = `${m[1]}-${m[2]?.padStart(2, '0')}-${m[3]?.padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null;
}

/** A Japan-time date 'YYYY-MM-DD' (or null): typed as 2027/01/10 or picked on a Japanese calendar. */
export function DateField(props: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
  description?: string | undefined;
  required?: boolean;
  clearable?: boolean;
}) {
  const calendar = useCalendarProps(props.label);
  return (
    <DateInput
      {...calendar}
      label={props.label}
      description={props.description}
      valueFormat="YYYY/MM/DD"
      dateParser={(input) => parseTypedDate(input)}
      value={props.value}
      onChange={(v) => props.onChange(v ? String(v).slice(0, 10) : null)}
      error={props.error}
      required={props.required}
      clearable={props.clearable}
    />
  );
}

/** A Japan-time date and time 'YYYY-MM-DD HH:MM' (or null): a date field and a time field side by side. */
export function DateTimeField(props: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
  description?: string | undefined;
  required?: boolean;
  clearable?: boolean;
}) {
  const { c, f } = useCatalogueI18n();
  const date = props.value ? props.value.slice(0, 10) : null;
  const time = props.value ? props.value.slice(11, 16) : null;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <div style={{ flex: '1 1 60%' }}>
        <DateField
          label={f(c.console.dateOf, props.label)}
          description={props.description}
          value={date}
          onChange={(d) => props.onChange(d ? `${d} ${time ?? '00:00'}` : null)}
          error={props.error}
          required={props.required}
          clearable={props.clearable}
        />
      </div>
      <div style={{ flex: '1 1 40%' }}>
        <TimeField
          label={f(c.console.timeOf, props.label)}
          value={time}
          onChange={(t) => date && props.onChange(`${date} ${t ?? '00:00'}`)}
          required={props.required}
        />
      </div>
    </Group>
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
