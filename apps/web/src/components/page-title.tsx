import { useI18n } from '../lib/i18n.tsx';

/** The document title of a page: "<page> | 母体救命 MELS ポータル" (React hoists <title> into <head>). */
export function PageTitle({ title }: { title?: string }) {
  const { t } = useI18n();
  return <title>{title ? `${title} | ${t.app.name}` : t.app.name}</title>;
}
