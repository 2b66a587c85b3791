import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { DeferredSection } from '../../components/deferred-section.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import classes from './layout.module.css';

/**
 * The page's frame. The layout is drawn in plain elements with CSS modules, not Mantine's Box, Container and
 * Text: the same look, without resolving each one's props and styles in the app's first render (decision 057).
 * When the app first draws over a page the build prerendered, the header, the page and the footer are each
 * drawn in a task of their own, their prerendered nodes on screen until then (DeferredSection, decision 068).
 */
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
    <div className={classes.shell}>
      <a href="#main" className="skip-link">
        {t.app.skipToContent}
      </a>
      <DeferredSection name="header">
        <Header />
      </DeferredSection>
      <main id="main" tabIndex={-1} className={classes.main}>
        <div className={`${classes.container} ${classes.page}`}>
          <DeferredSection name="page">
            <Outlet />
          </DeferredSection>
        </div>
      </main>
      <DeferredSection name="footer">
        <Footer />
      </DeferredSection>
      <ScrollRestoration />
    </div>
  );
}
