import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * Puts an API failure where the user sees it: field errors under their inputs (when the form has
 * that field), the server's message above the form.
 */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  const { t } = useI18n();
  const [message, setMessage] = useState<string | null>(null);
  const apply = (error: unknown) => {
    if (error instanceof ApiRequestError) {
      let placed = false;
      for (const [field, messages] of Object.entries(error.errors)) {
        if (fields.includes(field) && messages[0]) {
          setError(field as Path<T>, { type: 'server', message: messages[0] });
          placed = true;
        }
      }
      const unplaced = Object.entries(error.errors).filter(([field]) => !fields.includes(field));
      setMessage(
        placed && unplaced.length === 0
          ? error.message
          : [error.message, ...unplaced.flatMap(([, m]) => m)].join(' '),
      );
    } else {
      setMessage(t.errors.generic);
    }
  };
  return { message, setMessage, apply };
}
