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
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Container size="lg" py="lg">
          <Outlet />
        </Container>
      </Box>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
