import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../../../features/desk/security/components/security-page.tsx';

/** /admin/security: the admin's two-step sign-in (docs/operations.md#second-factor). */
export const Route = createFileRoute('/admin/_desk/security')({
  component: SecurityPage,
});
