import { LazyForm } from '../../../components/lazy-form.tsx';

const load = () => import('./contact-form.tsx');

export function LazyContactForm() {
  return <LazyForm name="contact" draftKey="draft:contact" load={load} />;
}
