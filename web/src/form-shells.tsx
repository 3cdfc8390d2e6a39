import type { ReactNode } from 'react';
import { staticViewProps, type FormName } from './components/lazy-form.tsx';
import { ContactFormView } from './features/contact/components/contact-form-view.tsx';
import { DemoFormView } from './features/demo/components/demo-form-view.tsx';
import { GetStartedFormView } from './features/get-started/components/get-started-form-view.tsx';
import { NewsletterFormView } from './features/newsletter/components/newsletter-form-view.tsx';

/** Each form's markup without its logic, as the prerenderer writes it (see LazyForm). */
export const formShells: Record<FormName, ReactNode> = {
  contact: <ContactFormView {...staticViewProps} />,
  newsletter: <NewsletterFormView {...staticViewProps} />,
  demo: <DemoFormView {...staticViewProps} />,
  'get-started': <GetStartedFormView {...staticViewProps} />,
};
