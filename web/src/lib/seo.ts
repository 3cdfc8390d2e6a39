export const SITE_NAME = 'TextFlow';
export const SITE_URL = (import.meta.env.VITE_SITE_URL as string | undefined) ?? 'https://textflow.example';

/** Title, description, canonical URL and Open Graph tags for one route. */
export function seo(title: string, description: string, path: string) {
  const url = `${SITE_URL}${path}`;
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:type', content: 'website' },
      { property: 'og:url', content: url },
      { property: 'og:site_name', content: SITE_NAME },
      { property: 'og:image', content: `${SITE_URL}/og-image.png` },
      { name: 'twitter:card', content: 'summary_large_image' },
    ],
    links: [{ rel: 'canonical', href: url }],
  };
}

/**
 * Title and description of a page only an email links to: kept out of search engines (`noindex`)
 * and of the sitemap (the route's `staticData.unlisted`), with no canonical URL to share.
 */
export function unlistedSeo(title: string, description: string) {
  return {
    meta: [{ title }, { name: 'description', content: description }, { name: 'robots', content: 'noindex' }],
  };
}
