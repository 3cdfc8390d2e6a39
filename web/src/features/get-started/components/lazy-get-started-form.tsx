import { LazyForm, staticViewProps } from '../../../components/lazy-form.tsx';
import { GetStartedFormView } from './get-started-form-view.tsx';

const load = () => import('./get-started-form.tsx');

export function LazyGetStartedForm() {
  return (
    <LazyForm draftKey="draft:get-started" load={load} shell={<GetStartedFormView {...staticViewProps} />} />
  );
}
