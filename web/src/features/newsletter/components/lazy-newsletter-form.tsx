import { LazyForm, staticViewProps } from '../../../components/lazy-form.tsx';
import { NewsletterFormView } from './newsletter-form-view.tsx';

const load = () => import('./newsletter-form.tsx');

export function LazyNewsletterForm() {
  return (
    <LazyForm draftKey="draft:newsletter" load={load} shell={<NewsletterFormView {...staticViewProps} />} />
  );
}
