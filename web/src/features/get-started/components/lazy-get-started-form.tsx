import { LazyForm } from '../../../components/lazy-form.tsx';

const load = () => import('./get-started-form.tsx');

export function LazyGetStartedForm() {
  return <LazyForm name="get-started" draftKey="draft:get-started" load={load} />;
}
