import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { firstLoad } from './build/first-load';
import { leanAntd } from './build/lean-antd';
import { leanEndpoints } from './build/lean-endpoints';

// The first route's modules folded into a few chunks and preloaded by index.html (build/first-load.ts).
const first = firstLoad(import.meta.dirname);

export default defineConfig({
  plugins: [
    first.plugin,
    react(),
    // Endpoint objects without their zod schemas, and contracts schemas a page does not read dropped:
    // the web calls by path, and zod comes only with the forms that validate (build/lean-endpoints.ts).
    leanEndpoints(),
    // antd's Card without Tabs, List without Pagination and tooltips without the form engine until a
    // page uses them (build/lean-antd.ts).
    leanAntd(),
    // Brotli and gzip twins of every asset, served by @fastify/static's preCompressed option.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/face-assets': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    // The size budgets (scripts/check-budgets.mjs) follow each route's chunks through the manifest.
    manifest: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // The rich-text helpers of contracts are shared by the answering controls and the editor: in a
        // chunk of their own, so that the exam room does not load the editor's chunk to reach them.
        codeSplitting: {
          groups: [
            { name: 'rich-text', test: /packages[\\/]contracts[\\/]src[\\/]repo[\\/]rich-text/, priority: 2 },
            ...first.groups,
          ],
        },
      },
    },
  },
});
