import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      '**/*.tsbuildinfo',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/api/src/plugins/deps.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  ...boundaries(),
);

/**
 * Module and feature boundaries (issue 14, docs/ARCHITECTURE.md "Boundaries"). Imports are relative,
 * so each rule is a pattern on the import's text, per folder depth.
 * - API: a file of apps/api/src/modules/<a>/ imports another module only through `../<b>/index.ts`;
 *   tests and fixtures may also use another module's `<b>.fixtures.ts`.
 * - Web: a file of apps/web/src/features/<a>/ imports its own feature's files, `lib/`, `components/`
 *   and `@mels/domain`, nothing else of src/ (another feature, app/); pages made of several features
 *   are composed in app/. lib/ and components/ import no feature and nothing of app/.
 */
function boundaries() {
  const restrict = (files, regex, message) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] },
  });
  const apiModule =
    'Another API module is used only through its index.ts (its public functions and events): import from "../<module>/index.ts".';
  const webFeature =
    'A web feature imports only its own files, lib/, components/ and @mels/domain; compose pages of several features in app/, or move shared UI to components/.';
  const upTo = (n) => `(\\.\\./){${n}}`;
  return [
    restrict(['apps/api/src/modules/*/*.ts'], '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$)', apiModule),
    restrict(
      ['apps/api/src/modules/*/*.test.ts', 'apps/api/src/modules/*/*.fixtures.ts'],
      '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$|[^/]+\\.fixtures\\.ts$)',
      apiModule,
    ),
    // A file `depth` folders below features/<a>/ leaves its feature with depth + 1 "../"; from there
    // only ../lib/ and ../components/ (src/lib, src/components) are allowed.
    ...[0, 1, 2, 3].map((depth) =>
      restrict(
        [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
        `^${upTo(depth + 1)}(?!\\.\\./(lib|components)/)`,
        webFeature,
      ),
    ),
    restrict(
      ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
      '^(\\.\\./)+(features|app)/',
      'lib/ and components/ are shared code: they import no feature and nothing of app/.',
    ),
  ];
}
