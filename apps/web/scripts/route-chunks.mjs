// The pages of the app's route table and the module each loads (decision 070), read from the source of
// src/app/router.tsx: every route with `lazy: () => import('…')`, its full path joined from the paths of
// the routes around it, and the module as the build manifest names it ('src/features/…').
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A React Router path ('news/:id/:typeId?') as a regular expression source over the URL's pathname. */
export function pathPattern(routePath) {
  const segments = routePath.split('/').filter(Boolean);
  const body = segments
    .map((segment) => {
      const optional = segment.endsWith('?');
      const name = optional ? segment.slice(0, -1) : segment;
      const part = name.startsWith(':') ? '[^/]+' : name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return optional ? `(?:/${part})?` : `/${part}`;
    })
    .join('');
  return `^${body || '/'}/?$`;
}

/**
 * React Router's ranking of a path (its computeScore): a static segment outranks a parameter, so of two
 * patterns a path matches, the higher ranked is the route the router draws.
 */
function pathRank(routePath) {
  return routePath
    .split('/')
    .filter(Boolean)
    .reduce((score, segment) => score + (segment.startsWith(':') ? 3 : segment === '*' ? -2 : 10), 0);
}

/**
 * Every lazily loaded page of `routerFile`: its full path and the keys in the build manifest of its module
 * and of the lazily loaded routes around it (the office's layout), highest ranked first; of two routes at
 * one path (a layout and its index page), the inner.
 */
export function routeChunks(routerFile, webRoot) {
  const code = fs.readFileSync(routerFile, 'utf8');
  const source = ts.createSourceFile(routerFile, code, ts.ScriptTarget.Latest, true);
  const property = (object, name) =>
    object.properties.find(
      (p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
    );
  const found = [];
  const visit = (node, parentPath, around = []) => {
    if (ts.isObjectLiteralExpression(node)) {
      const own = property(node, 'path');
      const routePath =
        own && ts.isStringLiteral(own.initializer)
          ? own.initializer.text.startsWith('/')
            ? own.initializer.text
            : `${parentPath.replace(/\/$/, '')}/${own.initializer.text}`
          : parentPath;
      const lazy = property(node, 'lazy');
      let chunks = around;
      if (lazy) {
        let specifier;
        const find = (n) => {
          if (
            ts.isCallExpression(n) &&
            n.expression.kind === ts.SyntaxKind.ImportKeyword &&
            ts.isStringLiteral(n.arguments[0])
          )
            specifier ??= n.arguments[0].text;
          ts.forEachChild(n, find);
        };
        find(lazy.initializer);
        if (specifier) {
          const file = path.resolve(path.dirname(routerFile), specifier);
          chunks = [...around, path.relative(webRoot, file).split(path.sep).join('/')];
          found.push({ path: routePath, chunks });
        }
      }
      const children = property(node, 'children');
      if (children) visit(children.initializer, routePath, chunks);
      return;
    }
    ts.forEachChild(node, (child) => visit(child, parentPath, around));
  };
  visit(source, '');
  // The inner route of a path wins (found later, depth first), then the ranking orders the patterns.
  const byPath = new Map(found.map((route) => [route.path, route]));
  return [...byPath.values()].sort((a, b) => pathRank(b.path) - pathRank(a.path));
}
