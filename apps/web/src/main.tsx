// First: zod's settings before any schema is built (lib/zod-config.ts).
import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { DeferredSection, keepPrerenderedSections } from './components/deferred-section.tsx';
import { loginFirstInHead } from './app/page-head.ts';
import { createRouter, needsLoginFirst } from './app/router.tsx';
import { loginState } from './lib/auth/require-auth.tsx';
import { tokenStore } from './lib/auth/token-store.ts';
import { preloadLanguage } from './lib/i18n.tsx';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

/**
 * The app starts in tasks of its own after the one that evaluated the modules (70–110 ms at Lighthouse's 4×
 * CPU): the first localStorage read and the visitor's redirect, the router ranking its routes, its first
 * navigation, the first page's modules, the drawing. On a phone a long task blocks the page; several shorter
 * ones block it less (decision 057).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once the router has loaded the first page's chunk (and run its loaders). */
function loaded(router: ReturnType<typeof createRouter>) {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

void nextTask()
  .then(() => {
    // The sign-in hint the server reads to choose a visitor's login or a member's page (decision 053).
    tokenStore.syncHint();
    // A visitor opening a page that needs a login goes to the login before the router starts, as RequireAuth
    // would send them once that page had loaded: the page's code and Mantine's whole stylesheet are not
    // downloaded for nothing (issue 20). The state is React Router's history entry ({usr, key, idx}), so the
    // login reads the page to return to as it reads RequireAuth's. Without the hint, the HTML already shows
    // that login (login-session.html, scripts/prerender.mjs).
    // The build wrote the paths that need a login into the page (app/page-head.ts): one expression to test,
    // not the router's whole table to rank once more; the router's own answer where it did not (development).
    const needsLogin = (pathname: string) => loginFirstInHead()?.test(pathname) ?? needsLoginFirst(pathname);
    if (!tokenStore.get() && needsLogin(window.location.pathname)) {
      window.history.replaceState({ usr: loginState(window.location), key: 'default', idx: 0 }, '', '/login');
    }
  })
  .then(nextTask)
  .then(async () => {
    const router = createRouter();
    await nextTask();
    router.initialize();
    // The page prerendered into the HTML at build time (scripts/prerender.mjs) stays on screen until the app
    // can draw the same page in full: the first page's code and, for an English reader, the English
    // dictionary (issue 20, decision 047). The app then draws the header, the page and the footer each in a
    // task of its own, their prerendered nodes on screen until then, so nothing flashes or shifts (decision 068).
    await Promise.all([loaded(router), preloadLanguage()]);
    // The first page's modules have just run, in the task that loaded them: the drawing takes the next.
    await nextTask();
    const dropUntaken = keepPrerenderedSections(root);
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <DeferredSection name="app">
            <RouterProvider router={router} />
          </DeferredSection>
        </Providers>
      </StrictMode>,
    );
    // The render is synchronous (Preact): the app's section has taken its part.
    dropUntaken();
  });
