import ts from 'typescript';
import type { Plugin } from 'vite';
import { api } from '../../../packages/domain/src/contracts/api.ts';
import { DOC_KEYS } from './strip-route-docs.ts';

const WEB_SOURCE = /apps\/web\/src\/.+\.tsx?$/;

/** A route as the browser reads it: the contract's run-time fields without what only the API reads. */
function literal(route: object): string {
  return JSON.stringify(Object.fromEntries(Object.entries(route).filter(([key]) => !DOC_KEYS.has(key))));
}

/**
 * The web calls routes as `call(api.news.detail, …)`; `api` (packages/domain/src/contracts/api.ts) is one
 * object built from every area's table, so importing it put all 228 routes into the entry chunk. This
 * writes each `api.<area>.<name>` of the web's sources as the route's own object literal at build time, and
 * drops the `api` import from a file that no longer uses it otherwise, so a chunk carries only the routes it
 * calls (issue 20, decision 049). A file that indexes `api` by a computed key keeps the import and the
 * whole table. Types are unchanged: they come from the sources.
 */
export function inlineRoutes(): Plugin {
  const table = api as unknown as Record<string, Record<string, object>>;
  return {
    name: 'mels-inline-routes',
    enforce: 'pre',
    transform(code, id) {
      if (!WEB_SOURCE.test(id) || !/\bapi\./.test(code)) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
      // The `api` imported from @mels/domain, by its import specifier.
      let specifier: ts.ImportSpecifier | undefined;
      for (const statement of source.statements) {
        if (
          ts.isImportDeclaration(statement) &&
          ts.isStringLiteral(statement.moduleSpecifier) &&
          statement.moduleSpecifier.text === '@mels/domain' &&
          statement.importClause?.namedBindings &&
          ts.isNamedImports(statement.importClause.namedBindings)
        ) {
          specifier = statement.importClause.namedBindings.elements.find(
            (element) => element.name.text === 'api' && !element.propertyName && !element.isTypeOnly,
          );
        }
      }
      if (!specifier) return null;
      const edits: { start: number; end: number; text: string }[] = [];
      let otherUses = 0;
      const visit = (node: ts.Node) => {
        if (
          ts.isPropertyAccessExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          ts.isIdentifier(node.expression.expression) &&
          node.expression.expression.text === 'api'
        ) {
          const area = node.expression.name.text;
          const name = node.name.text;
          const route = table[area]?.[name];
          if (!route) throw new Error(`${id}: api.${area}.${name} is not a route of the contract table`);
          edits.push({ start: node.getStart(source), end: node.end, text: literal(route) });
          return;
        }
        if (ts.isIdentifier(node) && node.text === 'api' && node !== specifier?.name) {
          // `api` is a property name in `t.learning.api`; anything else is a use of the import.
          const parent = node.parent;
          if (!(ts.isPropertyAccessExpression(parent) && parent.name === node)) otherUses++;
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      if (edits.length === 0) return null;
      if (otherUses === 0) {
        // `api, ` or `, api` out of the import list.
        const list = specifier.parent;
        const start = specifier.getStart(source);
        const after = code.slice(specifier.end).match(/^\s*,\s*/)?.[0];
        if (after) edits.push({ start, end: specifier.end + after.length, text: '' });
        else if (list.elements.length > 1) {
          const before = code.slice(0, start).match(/,\s*$/)?.[0] ?? '';
          edits.push({ start: start - before.length, end: specifier.end, text: '' });
        } else {
          // The only name imported: keep the statement's side effects out, drop the whole import.
          const declaration = list.parent.parent;
          edits.push({ start: declaration.getStart(source), end: declaration.end, text: '' });
        }
      }
      edits.sort((a, b) => b.start - a.start);
      let out = code;
      for (const { start, end, text } of edits) out = out.slice(0, start) + text + out.slice(end);
      return { code: out, map: null };
    },
  };
}
