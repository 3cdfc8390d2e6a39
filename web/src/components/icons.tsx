import type { SVGProps } from 'react';

const paths = {
  message: 'M4 4h16v12H7l-3 3z',
  search:
    'M10.5 3a7.5 7.5 0 015.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1110.5 3zm0 2a5.5 5.5 0 100 11 5.5 5.5 0 000-11z',
  phone:
    'M6.6 10.8a15 15 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z',
  plug: 'M7 2v6H5v4a7 7 0 006 6.9V22h2v-3.1A7 7 0 0019 12V8h-2V2h-2v6H9V2z',
  check: 'M9 16.2l-3.5-3.5L4 14.2l5 5 11-11-1.4-1.4z',
  menu: 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z',
  close: 'M6.4 5L5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z',
  chevron: 'M7 10l5 5 5-5z',
  bot: 'M12 2a2 2 0 012 2v1h4a2 2 0 012 2v10a4 4 0 01-4 4H8a4 4 0 01-4-4V7a2 2 0 012-2h4V4a2 2 0 012-2zM9 11a1.5 1.5 0 100 3 1.5 1.5 0 000-3zm6 0a1.5 1.5 0 100 3 1.5 1.5 0 000-3z',
  x: 'M17.8 3h3.3l-7.2 8.2L22.4 21h-6.6l-5.2-6.8L4.7 21H1.4l7.7-8.8L1 3h6.8l4.7 6.2zm-1.2 16h1.8L7.5 4.9H5.6z',
  linkedin:
    'M4 3a2 2 0 110 4 2 2 0 010-4zM2.5 8.5h3V21h-3zM9 8.5h2.9v1.7c.4-.8 1.4-1.9 3.4-1.9 3.2 0 3.7 2.1 3.7 4.8V21h-3v-6.9c0-1.6-.1-3-1.8-3s-2.1 1.3-2.1 2.9v7H9z',
  facebook:
    'M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.5 1.6-1.5h1.7V4.4a22 22 0 00-2.5-.1c-2.4 0-4.1 1.5-4.1 4.2v2.3H7.5V14h2.7v8z',
} as const;

export type IconName = keyof typeof paths;

/** Small inline icons: no icon font, no extra request. Decorative unless given a title. */
export function Icon({
  name,
  size = 24,
  title,
  ...rest
}: { name: IconName; size?: number; title?: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      {...rest}
    >
      {title && <title>{title}</title>}
      <path d={paths[name]} />
    </svg>
  );
}
