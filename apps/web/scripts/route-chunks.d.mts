/** A React Router path ('news/:id/:typeId?') as a regular expression source over the URL's pathname. */
export function pathPattern(routePath: string): string;
/** Every lazily loaded page of the route table: its full path and its chunks' manifest keys, highest ranked first. */
export function routeChunks(routerFile: string, webRoot: string): { path: string; chunks: string[] }[];
