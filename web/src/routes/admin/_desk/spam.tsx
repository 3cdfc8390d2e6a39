import { createFileRoute } from '@tanstack/react-router';
import { suspectedSpamQuery } from '../../../features/desk/spam/api/suspected-spam.ts';
import { SpamPage } from '../../../features/desk/spam/components/spam-page.tsx';
import { DeskError } from '../-components/desk-error.tsx';

/** /admin/spam: leads held as suspected spam (docs/product.md#spam). */
export const Route = createFileRoute('/admin/_desk/spam')({
  // See _dashboard/route.tsx: the loader's query stays out of the public pages' router.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent']],
  loader: ({ context }) => context.queryClient.ensureQueryData(suspectedSpamQuery),
  head: () => ({ meta: [{ title: 'Suspected spam | Admin | TextFlow' }] }),
  errorComponent: DeskError,
  component: SpamPage,
});
