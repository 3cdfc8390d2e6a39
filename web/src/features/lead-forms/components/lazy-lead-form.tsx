import { LazyForm, type FormName } from '../../../components/lazy-form.tsx';
import { Island } from '../../../islands/island.tsx';

export const loadLeadForm = () => import('./lead-form.tsx');

/**
 * A lead form whose code loads when it comes into use; the page's first load carries only this.
 * On a prerendered page it is an island (islands/lead-form.tsx renders the same LazyForm).
 */
export function LazyLeadForm({ kind }: { kind: FormName }) {
  return (
    <Island name={`lead-form:${kind}`}>
      <LazyForm name={kind} load={loadLeadForm} />
    </Island>
  );
}
