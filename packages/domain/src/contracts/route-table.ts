import type { Route } from './define.ts';

/** Declares one area's routes, checked against `Route` and kept literal. */
export const routeTable = <const T extends Record<string, Route>>(table: T): T => table;
