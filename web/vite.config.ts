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

// What every public page loads first, in one chunk: React and React DOM, the pieces of Chakra and
// emotion that every page renders with, and the site's frame (header, footer with its lazily loaded
// forms, icons). Left to itself, the bundler cut these into a dozen chunks, some of a few hundred
// bytes, each a request with its own headers.
const chakraEsm = 'node_modules/@chakra-ui/react/dist/esm/';
const layoutComponents =
  'badge|box|button|center|container|flex|grid|group|heading|icon|simple-grid|stack|text|span';
const layoutModules = [
  `${chakraEsm}(components/(${layoutComponents})/|styled-system/|utils/|create-context|merge-)`,
  'node_modules/@zag-js/(dom-query|utils)/',
  'node_modules/(@emotion|stylis)/',
  'node_modules/(react-dom|scheduler|use-sync-external-store)/',
  'web/src/(routes/-components/site-|components/(static-content|lazy-form|icons)\\.|content/footer\\.|features/[a-z-]+/components/lazy-|theme/recipe-tables\\.)',
].map((pattern) => new RegExp(pattern));
const layoutChunk = {
  name: 'layout',
  test: (id: string) => layoutModules.some((m) => m.test(id.replaceAll('\\', '/'))),
};

// The recipes that only lazily loaded code renders with (src/components/lazy-ui.ts): left to
// itself, the bundler moved them into the router's chunk, which every lazy route is loaded from.
const lazyRecipesChunk = {
  name: 'lazy-recipes',
  test: /(theme[\\/]recipes[\\/](card|field|input|native-select|select|spinner|tabs|textarea|toast)\.js|src[\\/](components[\\/]lazy-ui|theme[\\/]toast-contrast)\.ts)$/,
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
    rolldownOptions: {
      ...(isSsrBuild ? {} : { output: { codeSplitting: { groups: [layoutChunk, lazyRecipesChunk] } } }),
      // Emotion imports hoist-non-react-statics (and with it react-is) for withTheme, which nothing
      // here uses; neither package says it is free of side effects, so both were kept (1 KB gzip).
      treeshake: {
        moduleSideEffects: [
          { test: /node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false },
        ],
      },
    },
  },
}));
