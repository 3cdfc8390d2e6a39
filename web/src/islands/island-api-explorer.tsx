import { ApiExplorer } from '../features/api-reference/components/api-explorer.tsx';
import IslandProviders from './providers.tsx';

/** The API reference's explorer: search, categories, each endpoint's tabs and copy buttons. */
export function render(_arg: string, onReady: () => void) {
  return (
    <IslandProviders onReady={onReady}>
      <ApiExplorer />
    </IslandProviders>
  );
}
