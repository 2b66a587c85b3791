import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './scripts/compile-hints.ts';
import { inlineRoutes } from './scripts/inline-routes.ts';
import { pureSchemas } from './scripts/pure-schemas.ts';
import { stripRouteDocs } from './scripts/strip-route-docs.ts';
import { withoutThemeVariables } from './scripts/without-theme-variables.ts';

/**
 * React Router's package exports only its development build (remix-run/react-router#12532, #14753): its
 * warnings and checks, about 7 KB gzip of the first visit. A production build takes the production files
 * the package ships beside it (decision 049).
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    stripRouteDocs(),
    pureSchemas(),
    inlineRoutes(),
    withoutThemeVariables(),
    compileHints(),
  ],
  resolve: {
    alias: [
      // Preact's compatibility layer in React's place (decision 049): the same components and hooks in
      // about a sixth of react-dom's script. Types still come from @types/react.
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      // index.html is the app; src/boot.ts is the home page's loader, which starts it after the first paint
      // (decision 049).
      input: { index: 'index.html', boot: 'src/boot.ts' },
      output: {
        // Preact and the router change with a dependency update, not with a deploy of ours: a chunk of their
        // own stays cached across deploys (decision 047).
        manualChunks: (id) => (/node_modules\/(preact|react-router)\//.test(id) ? 'react' : undefined),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
    },
  },
}));
