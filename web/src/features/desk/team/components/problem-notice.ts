import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';

/** A refused change, in the server's words. */
export const refused = (title: string) => (e: unknown) =>
  notify({
    type: 'error',
    title,
    description: (e instanceof ApiError && e.detail) || 'Please try again later.',
  });
