import { DocumentationTabs } from '../features/documentation/documentation-tabs.tsx';
import IslandProviders from './providers.tsx';

/** The documentation's tabs, with their code samples' copy buttons. */
export function render(_arg: string, onReady: () => void) {
  return (
    <IslandProviders onReady={onReady}>
      <DocumentationTabs />
    </IslandProviders>
  );
}
