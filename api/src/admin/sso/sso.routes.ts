import type { Handlers } from '../../http/typed.ts';
import type { SingleSignOn } from './sso.service.ts';

/** Single sign-on's operations (docs/operations.md#single-sign-on). */
export function singleSignOnHandlers(
  sso: SingleSignOn,
): Pick<
  Handlers,
  'getSignInOptions' | 'startSingleSignOn' | 'finishSingleSignOn' | 'getSingleSignOnSettings'
> {
  return {
    getSignInOptions: () => ({ status: 200, body: sso.options() }),
    startSingleSignOn: ({ query, ctx }) => sso.start(ctx, query.redirect),
    finishSingleSignOn: ({ ctx }) => sso.finish(ctx),
    getSingleSignOnSettings: () => ({ status: 200, body: sso.settings() }),
  };
}
