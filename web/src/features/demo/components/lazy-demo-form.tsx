import { LazyForm } from '../../../components/lazy-form.tsx';

const load = () => import('./demo-form.tsx');

export function LazyDemoForm() {
  return <LazyForm name="demo" draftKey="draft:demo" load={load} />;
}
