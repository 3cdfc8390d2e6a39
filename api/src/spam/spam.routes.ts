import { requestSource } from '../audit/audit.ts';
import type { Handlers } from '../http/typed.ts';
import type { SpamService } from './spam.service.ts';

type Ops = 'listSuspectedSpam' | 'releaseSuspectedSpam';

/** The desk's suspected spam (docs/product.md#spam); the roles come from the contract. */
export function spamHandlers(spam: SpamService): Pick<Handlers, Ops> {
  return {
    listSuspectedSpam: async ({ query }) => ({ status: 200, body: await spam.list(query.limit ?? 50) }),
    releaseSuspectedSpam: async ({ params, ctx }) => ({
      status: 200,
      body: await spam.release(params.kind, params.id, requestSource(ctx)),
    }),
  };
}
