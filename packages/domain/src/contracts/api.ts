/**
 * The browser's handle on the contracts: `api.news.detail` is the route (method, path, auth, codes) at run
 * time, and carries the endpoint's schemas as types only, so the web's `call()` is typed from the same
 * object the server registers without shipping zod in the first-visit script.
 */
import type { Contracts } from './all.ts';
import type { Route } from './define.ts';
import { routes } from './routes.ts';

const refs: Record<string, Record<string, Route & { area: string; name: string }>> = {};
for (const [area, table] of Object.entries(routes)) {
  const out: Record<string, Route & { area: string; name: string }> = {};
  for (const [name, route] of Object.entries(table as Record<string, Route>))
    out[name] = { ...route, area, name };
  refs[area] = out;
}

export const api = refs as unknown as Contracts;
