import { createRequire } from 'node:module';
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const require = createRequire(import.meta.url);
const routerCore = path.dirname(require.resolve('@tanstack/router-core/package.json'));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Each route becomes its own chunk, so the admin desk never loads on public pages.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
  ],
  // The prerenderer must produce exactly the markup the browser's first render hydrates, so it
  // bundles the router with its client build-time flag (isServer = false).
  ...(isSsrBuild
    ? {
        resolve: {
          alias: { '@tanstack/router-core/isServer': path.join(routerCore, 'dist/esm/isServer/client.js') },
        },
        ssr: { noExternal: [/^@tanstack\//] },
      }
    : {}),
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
}));
