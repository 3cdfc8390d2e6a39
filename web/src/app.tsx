// What main.tsx loads to render a page in the browser: the router with its routes and the style
// cache (the design system is built by the root route).
export { CacheProvider } from '@emotion/react';
export { RouterProvider } from '@tanstack/react-router';
export { createAppRouter } from './router.tsx';
export { createStyleCache } from './theme/style-cache.ts';
