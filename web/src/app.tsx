// What main.tsx loads besides React DOM: the router with its routes, the design system and its
// style cache.
export { CacheProvider } from '@emotion/react';
export { RouterProvider } from '@tanstack/react-router';
export { createAppRouter } from './router.tsx';
export { getSystem } from './theme/system.ts';
export { createStyleCache } from './theme/style-cache.ts';
export { loadPrerendered } from './components/static-content.tsx';
