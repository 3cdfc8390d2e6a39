import type { ReactNode } from 'react';
import { staticViewProps, type FormName } from './components/lazy-form.tsx';
import { LeadFormView } from './features/lead-forms/components/lead-form-view.tsx';
import { leadForms } from './features/lead-forms/forms.ts';

/** Each form's markup without its logic, as the prerenderer writes it (see LazyForm). */
export const formShells = Object.fromEntries(
  Object.values(leadForms).map((config) => [
    config.kind,
    <LeadFormView config={config} {...staticViewProps} />,
  ]),
) as Record<FormName, ReactNode>;
