import { useI18n } from '../lib/i18n.tsx';

/**
 * What the page area shows while the first visited route's chunk loads (React Router's
 * HydrateFallback): the header and footer are already there, the page's own code is not yet. Plain
 * markup, so the first visit's JavaScript stays within its budget.
 */
export function RouteFallback() {
  const { t } = useI18n();
  return (
    <p role="status" style={{ padding: '32px 16px', textAlign: 'center', color: '#555' }}>
      {t.app.loading}
    </p>
  );
}
