import { createFileRoute } from '@tanstack/react-router';
import { formSentRoute } from './-components/form-sent-route.tsx';

/** Where the contact form lands once sent without its code (docs/product.md#forms-without-javascript). */
export const Route = createFileRoute('/forms/contact-sent')(formSentRoute('contact'));
