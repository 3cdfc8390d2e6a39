import { schemas } from '@lead-desk/contract/values';
import { useState } from 'react';
import { api, ApiError } from '../../../lib/api-client.ts';

export type LinkAction = 'confirm' | 'unsubscribe';

/** What a press of the page's button came to. */
export type LinkResult =
  | { state: 'idle' | 'sending' | 'done' }
  /** `final`: the link itself is bad (expired, forged, incomplete): pressing again cannot help. */
  | { state: 'failed'; message: string; final: boolean };

// One line per endpoint: the client's types tie each path to its body and answer.
const post = {
  confirm: (token: string) => api.POST('/api/newsletter/confirm', { body: { token } }),
  unsubscribe: (token: string) => api.POST('/api/newsletter/unsubscribe', { body: { token } }),
} satisfies Record<LinkAction, unknown>;

// The contract's message for a token that is missing or cut short.
const INCOMPLETE = schemas.Token['x-messages'].required;

/** The server's own explanation of a refused link (docs/product.md#follow-up), or a general one. */
function failure(error: unknown): Extract<LinkResult, { state: 'failed' }> {
  if (error instanceof ApiError) {
    const message = error.problem?.errors?.[0]?.message ?? error.detail;
    // 400: the token is malformed, forged or expired; the other errors may pass (503, 429).
    if (error.status === 400 || error.status === 404)
      return { state: 'failed', message: message ?? INCOMPLETE, final: true };
    return {
      state: 'failed',
      message: message ?? 'The server could not answer just now. Please try again in a moment.',
      final: false,
    };
  }
  return {
    state: 'failed',
    message: 'The server could not be reached. Please check your connection and try again.',
    final: false,
  };
}

/**
 * Posts the token of a newsletter link when the visitor presses the button: opening the page (a
 * GET, as a mail scanner does) never acts (docs/product.md#follow-up).
 */
export function useNewsletterLink(action: LinkAction) {
  const [result, setResult] = useState<LinkResult>({ state: 'idle' });
  const send = async (token: string | null) => {
    if (!token) {
      setResult({ state: 'failed', message: INCOMPLETE, final: true });
      return;
    }
    setResult({ state: 'sending' });
    try {
      await post[action](token);
      setResult({ state: 'done' });
    } catch (error) {
      setResult(failure(error));
    }
  };
  return { result, send };
}
