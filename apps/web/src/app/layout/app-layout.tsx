import { Box, Container } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

export function AppLayout() {
  const { t } = useI18n();
  const location = useLocation();
  useEffect(() => {
    // Move focus to the main region after a navigation so screen readers announce the new page.
    const main = document.getElementById('main');
    if (main && document.activeElement && document.activeElement !== document.body)
      main.focus({ preventScroll: true });
  }, [location.pathname]);
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        {t.app.skipToContent}
      </a>
      <Header />
      {/* At least a screen high: the footer starts below the fold, so a page whose content arrives after
          the first paint does not push a visible footer down (layout shift, issue 20). */}
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, minHeight: '100vh', outline: 'none' }}>
        <Container size="lg" py="lg">
          <Outlet />
        </Container>
      </Box>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
