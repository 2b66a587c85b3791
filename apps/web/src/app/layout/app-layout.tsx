import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import {
  DeferredSection,
  dropPrerenderedSections,
  offerPrerenderedSections,
} from '../../components/deferred-section.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import classes from './layout.module.css';
import { takePrerenderedPage } from './prerendered-page.ts';

/**
 * The page's frame. The layout is drawn in plain elements with CSS modules, not Mantine's Box, Container and
 * Text: the same look, without resolving each one's props and styles in the app's first render (decision 057).
 */
export function AppLayout() {
  const { t } = useI18n();
  const location = useLocation();
  // The app's first render draws the header and the footer around the page area's nodes as the build
  // prerendered them; the page replaces them in a task of its own, so that neither render is one long task
  // on a phone (decision 057).
  const [prerendered, setPrerendered] = useState(takePrerenderedPage);
  const area = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (prerendered === null) return;
    area.current?.append(...prerendered);
    const drawPage = setTimeout(() => {
      // The page's DeferredSections keep their parts of these nodes until their own tasks draw them.
      offerPrerenderedSections(prerendered);
      setPrerendered(null);
    }, 0);
    return () => clearTimeout(drawPage);
  }, [prerendered]);
  // The prerendered parts no DeferredSection took (a part of a part is taken when the outer one is drawn)
  // are not kept past the first navigation.
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstKey.current) dropPrerenderedSections();
  }, [location.key]);
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
          {prerendered === null ? <Outlet /> : <div ref={area} className={classes.prerendered} />}
        </div>
      </main>
      <DeferredSection name="footer">
        <Footer />
      </DeferredSection>
      <ScrollRestoration />
    </div>
  );
}
