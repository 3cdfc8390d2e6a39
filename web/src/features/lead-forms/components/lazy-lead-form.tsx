import { LazyForm, type FormName } from '../../../components/lazy-form.tsx';

const load = () => import('./lead-form.tsx');

/** A lead form whose code loads when it comes into use; the page's first load carries only this. */
export function LazyLeadForm({ kind }: { kind: FormName }) {
  return <LazyForm name={kind} load={load} />;
}
