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
import { TitleSink } from './components/page-title.tsx';
import { RouteFallback } from './app/route-fallback.tsx';
import { routes } from './app/router.tsx';

async function render(list: RouteObject[], url: string): Promise<string> {
  const handler = createStaticHandler(list);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerendering ${url}: the router answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let title: string | undefined;
  const html = renderToString(
    <TitleSink.Provider value={(text) => (title = text)}>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </TitleSink.Provider>,
  );
  // The page's title first, where scripts/prerender.mjs takes it into the head.
  return title === undefined ? html : `<title>${escapeHtml(title)}</title>${html}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? c);

/** The home page, in Japanese, for a visitor (served at `/`). */
export const prerenderHome = () => render(routes, '/');

/**
 * The layout with RouteFallback in the page's place (served for every other page): what the app draws
 * while a page's chunk loads. Rendered at a path no navigation link marks as current.
 */
export function prerenderFrame(): Promise<string> {
  const [root] = routes;
  const pathless = root?.children?.[0];
  if (!root || !pathless) throw new Error('routes: the layout and its pathless route are missing');
  const frame = [
    {
      ...root,
      children: [{ ...pathless, children: [{ path: '*', element: <RouteFallback /> }] }],
    },
  ] as RouteObject[];
  return render(frame, '/__frame');
}
