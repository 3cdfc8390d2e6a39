/** The API reference's explorer: search, categories, each endpoint's tabs and copy buttons. */
export { ApiExplorer as Content } from '../features/api-reference/components/api-explorer.tsx';
