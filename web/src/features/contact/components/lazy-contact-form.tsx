import { LazyForm, staticViewProps } from '../../../components/lazy-form.tsx';
import { ContactFormView } from './contact-form-view.tsx';

const load = () => import('./contact-form.tsx');

export function LazyContactForm() {
  return <LazyForm draftKey="draft:contact" load={load} shell={<ContactFormView {...staticViewProps} />} />;
}
