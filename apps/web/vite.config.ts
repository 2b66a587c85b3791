import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stripRouteDocs } from './scripts/strip-route-docs.ts';

export default defineConfig({
  plugins: [react(), stripRouteDocs()],
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      output: {
        // React and the router change with a dependency update, not with a deploy of ours: a chunk of their
        // own stays cached across deploys (decision 047).
        manualChunks: (id) =>
          /node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) ? 'react' : undefined,
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
});
