import { createRequire } from 'node:module';
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Alias } from 'vite';
import { lazyChakraGlobal } from './scripts/lazy-chakra-global.ts';

const require = createRequire(import.meta.url);
const routerCore = path.dirname(require.resolve('@tanstack/router-core/package.json'));
const chakra = path.dirname(require.resolve('@chakra-ui/react/package.json'));

// Chakra's theme entry builds the whole default theme when loaded; the public system imports the
// few token and recipe modules it uses one by one (see src/theme/system.ts).
const chakraThemeParts: Alias = {
  find: /^@chakra-ui\/theme-parts\/(.*)$/,
  replacement: `${chakra}/dist/esm/theme/$1.js`,
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Each route becomes its own chunk, so the admin desk never loads on public pages.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    lazyChakraGlobal(),
  ],
  resolve: {
    alias: [
      chakraThemeParts,
      // The prerenderer must produce exactly the markup the browser's first render hydrates, so it
      // bundles the router with its client build-time flag (isServer = false).
      ...(isSsrBuild
        ? [
            {
              find: '@tanstack/router-core/isServer',
              replacement: path.join(routerCore, 'dist/esm/isServer/client.js'),
            },
          ]
        : []),
    ],
  },
  ...(isSsrBuild ? { ssr: { noExternal: [/^@tanstack\//, /^@chakra-ui\//] } } : {}),
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: process.env.SOURCEMAP === '1',
  },
}));
