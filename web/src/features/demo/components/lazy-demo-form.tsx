import { LazyForm, staticViewProps } from '../../../components/lazy-form.tsx';
import { DemoFormView } from './demo-form-view.tsx';

const load = () => import('./demo-form.tsx');

export function LazyDemoForm() {
  return <LazyForm draftKey="draft:demo" load={load} shell={<DemoFormView {...staticViewProps} />} />;
}
