import { FormFrame, LazyForm, type FormName } from '../components/lazy-form.tsx';
import { loadLeadForm } from '../features/lead-forms/components/lazy-lead-form.tsx';

const loadFrame = () => import('./providers.tsx').then((m) => m.default);

/**
 * A lead form's island, hydrated as the page starts: only the LazyForm around the prerendered
 * form, which needs neither the design system nor the router. The form's code, and the design
 * system with it, load when the visitor comes to use it.
 */
export function render(kind: string) {
  return (
    <FormFrame value={loadFrame}>
      <LazyForm name={kind as FormName} load={loadLeadForm} />
    </FormFrame>
  );
}
