import ts from 'typescript';
import type { Plugin } from 'vite';

const ROUTE_FILE = /packages\/domain\/src\/contracts\/[\w-]+\.routes\.ts$/;
/**
 * What only the API and its OpenAPI document read: the texts, the success status, the error codes by status
 * and the tags. The browser's client reads `method`, `path`, `auth`, `file` and `consumes`; the error codes
 * stay in its types (`EndpointErrorCode`), which come from the sources, not the build.
 */
export const DOC_KEYS = new Set(['summary', 'description', 'status', 'errors', 'tags']);

/**
 * The route contracts (packages/domain/src/contracts/*.routes.ts) carry a summary and a description of each
 * endpoint for the API's OpenAPI document, and its success status, error codes and tags for the server; the
 * browser calls the routes by method and path and never reads them. This drops those properties from the
 * web build: the texts were about 25 KB of the first visit's raw script (issue 20, decision 047), the rest
 * about 13 KB (decision 049). The API and the contract tests still read the files as written.
 */
export function stripRouteDocs(): Plugin {
  return {
    name: 'mels-strip-route-docs',
    enforce: 'pre',
    transform(code, id) {
      if (!ROUTE_FILE.test(id)) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true);
      const cuts: [number, number][] = [];
      const visit = (node: ts.Node) => {
        if (
          ts.isPropertyAssignment(node) &&
          ts.isIdentifier(node.name) &&
          DOC_KEYS.has(node.name.text) &&
          ts.isObjectLiteralExpression(node.parent)
        ) {
          // The property and its comma.
          const end = code[node.end] === ',' ? node.end + 1 : node.end;
          cuts.push([node.getStart(source), end]);
          return;
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      if (cuts.length === 0) return null;
      let out = '';
      let at = 0;
      for (const [start, end] of cuts) {
        out += code.slice(at, start);
        at = end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}
