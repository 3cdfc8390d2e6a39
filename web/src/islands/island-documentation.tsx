/** The documentation's tabs, with their code samples' copy buttons. */
export { DocumentationTabs as Content } from '../features/documentation/documentation-tabs.tsx';
