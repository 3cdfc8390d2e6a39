// What main.tsx loads besides React DOM: the router with its routes, and the design system.
export { RouterProvider } from '@tanstack/react-router';
export { createAppRouter } from './router.tsx';
export { getSystem } from './theme/system.ts';
export { loadPrerendered } from './components/static-content.tsx';
