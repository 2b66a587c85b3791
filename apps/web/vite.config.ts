import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { stripRouteDocs } from './scripts/strip-route-docs.ts';

export default defineConfig({
  plugins: [react(), stripRouteDocs()],
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
    },
  },
});
