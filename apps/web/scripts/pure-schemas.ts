import ts from 'typescript';
import type { Plugin } from 'vite';

const DOMAIN_FILE = /packages\/domain\/src\/.+\.ts$/;
/** zod-messages.ts configures zod when it runs (its top level is a call kept for that effect). */
const KEPT = /\.test\.ts$|\/zod-messages\.ts$/;
const PURE = '/*#__PURE__*/ ';

/**
 * Where the calls of a file's top-level constants begin: the calls that build a schema (`z.object(…)`,
 * `.extend(…)`, `listEnvelope(…)`, `intField(…)`) and any other call of an initialiser, not those inside a
 * function it defines (a refinement's body runs later, when a value is checked).
 */
export function initialiserCalls(code: string, fileName = 'module.ts'): number[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const starts = new Set<number>();
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) starts.add(node.getStart(source));
    ts.forEachChild(node, visit);
  };
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.initializer) visit(declaration.initializer);
    }
  }
  return [...starts].sort((a, b) => a - b);
}

/**
 * The domain's modules build their schemas when they are first imported, and the browser imports them for
 * a few (the forms' and a page's own), while the same modules build the answers' schemas the API alone
 * reads. Rollup cannot tell that building a zod schema changes nothing else, so it kept every one: about
 * half of the schemas the login page built at start were never read (issue 20). This marks the calls of
 * the domain's top-level constants pure in the web build, so a schema no code of the browser reads is
 * dropped. A constant's initialiser in packages/domain is a value, never an action (the domain's rules are
 * pure functions, its tests check it); the API runs the sources as written.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'mels-pure-schemas',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!DOMAIN_FILE.test(id) || KEPT.test(id)) return null;
      const starts = initialiserCalls(code, id);
      if (starts.length === 0) return null;
      let out = '';
      let at = 0;
      for (const start of starts) {
        out += code.slice(at, start) + PURE;
        at = start;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}
