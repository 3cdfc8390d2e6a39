import type { Notice } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';

/**
 * A failed webhook action's notice: what did not happen, and the server's reason (its problem
 * detail, or the first validation message) when it gave one (docs/product.md#errors).
 */
export function failed(title: string, error: unknown): Notice {
  let description = 'Please try again.';
  if (error instanceof ApiError) {
    const first = (error.problem?.errors as { message?: string }[] | undefined)?.[0]?.message;
    description = first ?? error.detail ?? error.message;
  }
  return { type: 'error', title, description };
}
