import { InputBase, Input } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import type { DatePickerFieldProps } from './date-picker-field.tsx';
import classes from './search.module.css';

const loadPicker = () => import('./date-picker-field.tsx');
const DatePickerField = lazy(() => loadPicker().then((m) => ({ default: m.DatePickerField })));

type Props = Omit<DatePickerFieldProps, 'openOnMount'>;

/**
 * A date field of the search form. Until it is used (or holds a date) it is a light button drawn like the
 * date picker's own, so the calendar's code stays out of the first visit (issue 20, decision 047): a
 * pointer over it or the focus starts loading the calendar, a click opens it in the same place.
 */
export function DateField(props: Props) {
  const { t } = useI18n();
  const [used, setUsed] = useState(false);
  const trigger = (
    <InputBase
      component="button"
      type="button"
      multiline
      label={props.label}
      classNames={{ input: classes.dateTrigger }}
      onPointerEnter={() => void loadPicker()}
      onFocus={() => void loadPicker()}
      onClick={() => setUsed(true)}
      data-testid={props.testId}
    >
      <Input.Placeholder>{t.publicSite.search.datePlaceholder}</Input.Placeholder>
    </InputBase>
  );
  if (!used && props.value === null) return trigger;
  return (
    <Suspense fallback={trigger}>
      <DatePickerField {...props} openOnMount={used} />
    </Suspense>
  );
}
