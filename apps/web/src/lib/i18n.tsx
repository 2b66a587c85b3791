import { DEFAULT_LANGUAGE, format, ja, LANGUAGES, type Language, type Messages } from '@mels/domain';
import { useQueryClient } from '@tanstack/react-query';
import { setApiLanguage } from './api-client.ts';
import { setMoneyLanguage } from './format.ts';
import { readHintCookie, writeHintCookie } from './hint-cookie.ts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

type I18n = {
  lang: Language;
  t: Messages;
  f: typeof format;
  setLang: (lang: Language) => void;
};

const I18nContext = createContext<I18n | null>(null);
const STORAGE_KEY = 'mels.lang';

/**
 * A cookie naming the language this browser reads when it is not Japanese: the server then answers a page
 * with the HTML prerendered in that language (scripts/prerender.mjs), so an English reader does not see the
 * Japanese page until the app has drawn the English one. Kept equal to the stored language.
 */
export const LANGUAGE_HINT = 'mels_lang';

function syncLanguageHint(lang: Language) {
  const hint = lang === DEFAULT_LANGUAGE ? null : lang;
  if (readHintCookie(LANGUAGE_HINT) !== hint) writeHintCookie(LANGUAGE_HINT, hint);
}

function initialLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

/** The English dictionary, loaded once on first use (a chunk of its own, outside the first visit's budget). */
let english: Messages | null = null;
const loadEnglish = async (): Promise<Messages> => (english ??= (await import('./english.ts')).en);

/** A language's dictionary, loaded before drawing in it (the build's prerender draws each language). */
export async function loadLanguage(lang: Language): Promise<void> {
  if (lang === 'en') await loadEnglish();
}

/**
 * At start (main.tsx): makes the language hint agree with the stored language, and loads its dictionary
 * before the app's first drawing, so it is drawn in it.
 */
export async function preloadLanguage(): Promise<void> {
  const lang = initialLanguage();
  syncLanguageHint(lang);
  await loadLanguage(lang).catch(() => undefined);
}

/**
 * Japanese first; English on request (kept in the browser), its dictionary loaded when first needed.
 * `language` draws in that language whatever the browser keeps (the build's prerender, after loadLanguage).
 */
export function I18nProvider({ children, language }: { children: ReactNode; language?: Language }) {
  const [lang, setLangState] = useState<Language>(() => language ?? initialLanguage());
  const [loaded, setLoaded] = useState<Messages | null>(english);
  const queryClient = useQueryClient();
  const setLang = useCallback(
    (next: Language) => {
      const apply = () => {
        localStorage.setItem(STORAGE_KEY, next);
        syncLanguageHint(next);
        setApiLanguage(next);
        setLangState(next);
        // Answers hold the server's messages and labels in the language they were asked in: ask again.
        void queryClient.invalidateQueries();
      };
      if (next === 'en' && !english) {
        void loadEnglish().then((dictionary) => {
          setLoaded(dictionary);
          apply();
        });
      } else apply();
    },
    [queryClient],
  );
  useEffect(() => {
    if (lang === 'en' && !loaded) void loadEnglish().then(setLoaded);
  }, [lang, loaded]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const t = lang === 'en' ? loaded : ja;
  // The HTML came in the other language (no hint cookie yet) and no page has named itself yet (a guard
  // still loading): its bare title is the portal's name in that language, which this one replaces. A
  // page's own title (PageTitle, set before this effect runs) is left alone.
  const appName = t?.app.name;
  useEffect(() => {
    if (appName && document.title !== appName && [ja.app.name, english?.app.name].includes(document.title))
      document.title = appName;
  }, [appName]);
  const value = useMemo(() => {
    if (!t) return null;
    // Amounts are formatted outside React (formatYen): tell the formatter before the children render.
    setMoneyLanguage(lang);
    setApiLanguage(lang, t.errors);
    return { lang, t, f: format, setLang };
  }, [lang, t, setLang]);
  // An English reader's first paint waits for the English dictionary (one small request).
  if (!value) return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}
