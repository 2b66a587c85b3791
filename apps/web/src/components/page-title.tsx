import { createContext, useContext, useLayoutEffect } from 'react';
import { useI18n } from '../lib/i18n.tsx';

/**
 * Where the build's prerender (src/prerender.tsx) collects a page's title: effects do not run there, and
 * Preact, unlike React 19, does not hoist a <title> rendered in the page into <head> (decision 049).
 */
export const TitleSink = createContext<((title: string) => void) | null>(null);

/** The document title of a page: "<page> | 母体救命 MELS ポータル". */
export function PageTitle({ title }: { title?: string }) {
  const { t } = useI18n();
  const text = title ? `${title} | ${t.app.name}` : t.app.name;
  const sink = useContext(TitleSink);
  sink?.(text);
  useLayoutEffect(() => {
    document.title = text;
    // A page without a title of its own after this one reads the portal's name, not this page's.
    return () => {
      document.title = t.app.name;
    };
  }, [text, t.app.name]);
  return null;
}
