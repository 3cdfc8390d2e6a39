import { defineGlobalStyles, defineKeyframes } from '@chakra-ui/react';
import { globalCss } from '@chakra-ui/react/theme';

/** Chakra's global styles with the site's own: smooth scrolling to anchors, a clear focus ring. */
export const siteGlobalCss = defineGlobalStyles({
  ...globalCss,
  html: { scrollBehavior: 'smooth', _motionReduce: { scrollBehavior: 'auto' } },
  ':focus-visible': { outline: '3px solid {colors.blue.600}', outlineOffset: '2px' },
});

/** The site's own animations, besides Chakra's. */
export const siteKeyframes = defineKeyframes({
  'stagger-in': {
    from: { opacity: 0, transform: 'translateY(8px)' },
    to: { opacity: 1, transform: 'none' },
  },
});
