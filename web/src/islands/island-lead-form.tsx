import type { FormName } from '../components/form-view.ts';
import LeadForm from '../features/lead-forms/components/lead-form.tsx';
import IslandProviders from './providers.tsx';

/**
 * A lead form's island: its code takes the prerendered form element over (hydration keeps the
 * elements, and what was typed in them). Until then the form is the browser's own, posting to the
 * API (docs/product.md#forms-without-javascript).
 */
export function render(kind: string, onReady: () => void) {
  return (
    <IslandProviders onReady={onReady}>
      <LeadForm kind={kind as FormName} />
    </IslandProviders>
  );
}
