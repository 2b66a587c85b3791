// zod compiles a fast parser for each object schema with `new Function` when the page allows eval. Ours
// does not (the CSP's script-src), and zod's probe for it, made when a schema is built, is reported by the
// browser as a CSP violation (Lighthouse's best practices, Chrome's Issues). zod 4 reads its settings
// from `globalThis.__zod_globalConfig` when its first module runs (zod/v4/core/core.js, shared by every
// copy of zod on the page); the entry runs this first, and zod itself loads later with the forms, so the
// entry carries none of zod. e2e/shell.e2e.ts checks that a form page reports no CSP violation.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };
const host = globalThis as ZodGlobal;
host.__zod_globalConfig = { ...host.__zod_globalConfig, jitless: true };
