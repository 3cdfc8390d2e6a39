import { LazyForm } from '../../../components/lazy-form.tsx';

const load = () => import('./newsletter-form.tsx');

export function LazyNewsletterForm() {
  return <LazyForm name="newsletter" draftKey="draft:newsletter" load={load} />;
}
