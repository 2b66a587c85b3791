import { formsEn, formsJa, resolveMessage } from '@mels/domain';
import { useCallback } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { useI18n } from './i18n.tsx';

/**
 * Messages by key in the browser (decision 027): the shared schemas and rules give keys with parameters
 * ('validation.required|@fields.email'); these read them in the interface's language. The schemas'
 * own texts (forms.*) load with the pages that have forms, not with the first visit.
 */
export function useMessage(): (text: string) => string {
  const { lang, t } = useI18n();
  return useCallback(
    (text: string) => resolveMessage(text, { ...t, forms: lang === 'en' ? formsEn : formsJa }),
    [lang, t],
  );
}

function translateErrors(errors: unknown, text: (key: string) => string): void {
  if (!errors || typeof errors !== 'object') return;
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    if (key === 'ref') continue;
    if (key === 'message' && typeof value === 'string') {
      (errors as Record<string, unknown>).message = text(value);
    } else if (typeof value === 'object') {
      translateErrors(value, text);
    }
  }
}

/** A form's resolver (zodResolver of a shared schema) whose messages read in the interface's language. */
export function useLocalizedResolver<V extends FieldValues, C, T>(
  resolver: Resolver<V, C, T>,
): Resolver<V, C, T> {
  const text = useMessage();
  return useCallback<Resolver<V, C, T>>(
    async (values, context, options) => {
      const result = await resolver(values, context, options);
      translateErrors(result.errors as FieldErrors<V>, text);
      return result;
    },
    [resolver, text],
  );
}
