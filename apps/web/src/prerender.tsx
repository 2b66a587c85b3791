// The build's prerender (scripts/prerender.mjs, issue 20, decision 047): the pages drawn into the HTML, so a
// visitor sees them before any script has run. The app replaces them with the same page once the app starts
// (main.tsx). Data (news, course cards, the search form's lists) is not in them: those show their
// skeletons until the app has fetched it.
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { Providers } from './app/providers.tsx';
import { DeferredSection } from './components/deferred-section.tsx';
import { TitleSink } from './components/page-title.tsx';
import { RouteFallback } from './app/route-fallback.tsx';
import { isLoginRequired, needsLoginFirst, routes } from './app/router.tsx';
import { loginState } from './lib/auth/require-auth.tsx';
import { loadLanguage } from './lib/i18n.tsx';
import { DEFAULT_LANGUAGE, en, ja, LANGUAGES, type Language } from '@mels/domain';

/** The sign-in hint's cookie name, which prerendered.json names for the server (scripts/prerender.mjs). */
export { SIGNED_IN_HINT } from './lib/auth/token-store.ts';
/** What scripts/prerender.mjs writes into each page's head for the app. */
export { LOGIN_FIRST_META, THEME_VARIABLES_ATTRIBUTE } from './app/page-head.ts';
/** The languages each page is prerendered in, and the cookie that names a reader's (the server picks by it). */
export { DEFAULT_LANGUAGE, LANGUAGES };
export { LANGUAGE_HINT } from './lib/i18n.tsx';

/** What the HTML around the app says in a language: its title (a page without its own), description, noscript. */
export function documentTexts(language: Language) {
  const t = language === 'en' ? en : ja;
  return { description: t.app.description, noScript: t.app.noScript, title: t.app.name };
}

async function render(
  list: RouteObject[],
  url: string,
  options: { language: Language; state?: unknown },
): Promise<string> {
  const { language, state } = options;
  await loadLanguage(language);
  const handler = createStaticHandler(list);
  const answer = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (answer instanceof Response) throw new Error(`prerendering ${url}: the router answered a redirect`);
  // The history entry's state, as the app's navigation would have left it (the login's page to return to).
  const context = state === undefined ? answer : { ...answer, location: { ...answer.location, state } };
  const router = createStaticRouter(handler.dataRoutes, context);
  let title: string | undefined;
  const html = renderToString(
    <TitleSink.Provider value={(text) => (title = text)}>
      <Providers language={language}>
        <DeferredSection name="app">
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </DeferredSection>
      </Providers>
    </TitleSink.Provider>,
  );
  // The page's title first, where scripts/prerender.mjs takes it into the head.
  return title === undefined ? html : `<title>${escapeHtml(title)}</title>${html}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);

/** The home page for a visitor (served at `/`). */
export const prerenderHome = (language: Language) => render(routes, '/', { language });

/** The registration form for a visitor (served at /register): its first part whole, the later parts' places. */
export const prerenderRegister = (language: Language) => render(routes, '/register', { language });

/**
 * The login page for a visitor: at /login, and, with the notice that says why, as a visitor sent there from
 * a session page sees it (main.tsx sends them before the app starts, with the page to return to).
 */
export const prerenderLogin = (language: Language, from?: string) =>
  render(routes, '/login', {
    language,
    state: from === undefined ? undefined : loginState({ pathname: from, search: '', hash: '' }),
  });

/**
 * Where the server answers a visitor with the prerendered login (as one regular expression each,
 * case-insensitive as the router matches): /login and the paths where needsLoginFirst sends a visitor to it,
 * the session pages (whose login says why) apart; and `guarded`, the paths where needsLoginFirst says yes,
 * which the build writes into every page for main.tsx (a test of one expression instead of the router
 * ranking its whole table once more). Built from the route table, then checked against needsLoginFirst on a
 * sample of every route's paths: the build fails if they disagree.
 */
export function loginFirstPatterns(): { login: RegExp; session: RegExp; guarded: RegExp } {
  // The paths under the RequireAuth route (where needsLoginFirst says yes).
  const guarded: string[] = [];
  const samples: string[] = ['/login', '/login/', '/LOGIN', '/login/x1'];
  const walk = (list: RouteObject[], base: string, underLogin: boolean) => {
    for (const route of list) {
      const full = route.path ? joinPath(base, route.path) : base;
      const login = underLogin || isLoginRequired(route);
      if (route.path || route.index) {
        if (login) guarded.push(full);
        samples.push(...samplePaths(full));
      }
      if (route.children) walk(route.children, full, login);
    }
  };
  walk(routes, '', false);
  const toPattern = (list: string[]) =>
    new RegExp(`^(?:${[...new Set(list.map(patternSource))].join('|')})/?$`, 'i');
  const isSession = (routePath: string) => routePath.startsWith('/session/');
  const session = toPattern(guarded.filter(isSession));
  const login = toPattern(['/login', ...guarded.filter((p) => !isSession(p))]);
  const needsLogin = toPattern(guarded);
  for (const sample of samples) {
    const routerSays = needsLoginFirst(sample);
    const expected = sample.toLowerCase().replace(/\/$/, '') === '/login' || routerSays;
    const said = login.test(sample) || session.test(sample);
    if (said !== expected || (session.test(sample) && !sample.toLowerCase().startsWith('/session/'))) {
      throw new Error(`the login-first patterns say ${said} for ${sample}, the router ${expected}`);
    }
    if (needsLogin.test(sample) !== routerSays) {
      throw new Error(`the guarded pattern says ${!routerSays} for ${sample}, the router ${routerSays}`);
    }
  }
  return { login, session, guarded: needsLogin };
}

const joinPath = (base: string, child: string) =>
  child.startsWith('/') ? child : `${base.replace(/\/$/, '')}/${child}`;

/** A route path as a regular expression's source: `:id` one segment, `:id?` an optional one, `*` the rest. */
const patternSource = (routePath: string) =>
  routePath
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('') || '/';

/** Paths a route matches, and a few around it that it does not (for the check above). */
function samplePaths(routePath: string): string[] {
  const filled = routePath.replace(/\*$/, 'a/b');
  const full = filled.replace(/:[^/?]+\??/g, 'x1');
  const shortened = filled.replace(/\/:[^/]+\?/g, '').replace(/:[^/]+/g, 'x1');
  return [full, shortened, `${full}/`, full.toUpperCase(), `${full}/extra`, full.replace(/\/[^/]+$/, '')].map(
    (p) => p || '/',
  );
}

/**
 * The layout with RouteFallback in the page's place (served for every other page): what the app draws
 * while a page's chunk loads. Rendered at a path no navigation link marks as current.
 */
export function prerenderFrame(language: Language): Promise<string> {
  const [root] = routes;
  const pathless = root?.children?.[0];
  if (!root || !pathless) throw new Error('routes: the layout and its pathless route are missing');
  const frame = [
    {
      ...root,
      children: [{ ...pathless, children: [{ path: '*', element: <RouteFallback /> }] }],
    },
  ] as RouteObject[];
  return render(frame, '/__frame', { language });
}
