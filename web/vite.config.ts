import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    // Each route becomes its own chunk, so the admin desk never loads on public pages.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: process.env.SOURCEMAP === '1',
    rolldownOptions: {
      // Chakra's public theme entry (@chakra-ui/react/theme) assembles its whole default theme with
      // `defineConfig`, a documented identity helper; the bundler cannot tell that the call has no
      // effect, and would keep every recipe (~20 KB gzip) though the public system imports a few.
      treeshake: { manualPureFunctions: ['defineConfig'] },
    },
  },
});
