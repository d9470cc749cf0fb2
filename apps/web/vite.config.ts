import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip twins of every asset, served by @fastify/static's preCompressed option.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    // The size budgets (scripts/check-budgets.mjs) follow each route's chunks through the manifest.
    manifest: true,
    chunkSizeWarningLimit: 2000,
  },
});
