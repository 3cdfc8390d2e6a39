import type { FormName } from '../../../components/form-view.ts';
import { Island } from '../../../islands/island.tsx';
import LeadForm from './lead-form.tsx';

/**
 * A lead form on a public page: a real form that posts to its API operation, so it works before
 * (or without) its code (docs/product.md#forms-without-javascript). On a prerendered page it is an
 * island whose code takes the same form element over when the visitor comes to use it
 * (islands/island-lead-form.tsx renders the same LeadForm).
 */
export function LeadFormIsland({ kind }: { kind: FormName }) {
  return (
    <Island name={`lead-form:${kind}`}>
      <LeadForm kind={kind} />
    </Island>
  );
}
