import {
  DEFAULT_LANGUAGE,
  dictionaries,
  format,
  LANGUAGES,
  type Language,
  type Messages,
} from '@mels/domain';
import { setMoneyLanguage } from './format.ts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

type I18n = {
  lang: Language;
  t: Messages;
  f: typeof format;
  setLang: (lang: Language) => void;
};

const I18nContext = createContext<I18n | null>(null);
const STORAGE_KEY = 'mels.lang';

function initialLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

/** Japanese first; English on request (kept in the browser). */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Language>(initialLanguage);
  const setLang = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
    setLangState(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const value = useMemo(() => {
    // Amounts are formatted outside React (formatYen): tell the formatter before the children render.
    setMoneyLanguage(lang);
    return { lang, t: dictionaries[lang], f: format, setLang };
  }, [lang, setLang]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
