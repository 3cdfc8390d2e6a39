import { lazyStatic } from '../../components/static-content.tsx';

/** The landing page's static sections, loaded only when the browser renders them itself. */
export const landingSections = lazyStatic(() => import('./components/landing-sections.tsx'));
