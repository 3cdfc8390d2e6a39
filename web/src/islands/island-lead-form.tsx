import type { FormName } from '../components/form-view.ts';
import LeadForm from '../features/lead-forms/components/lead-form.tsx';

/**
 * A lead form's island: its code takes the prerendered form element over (hydration keeps the
 * elements, and react-hook-form reads what was typed in them). Until then the form is the
 * browser's own, posting to the API (docs/product.md#forms-without-javascript).
 */
export function Content({ arg }: { arg: FormName }) {
  return <LeadForm kind={arg} />;
}
