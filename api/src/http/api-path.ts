/** True for the API's own paths: `/api` and everything under `/api/`, not `/api-reference`. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
