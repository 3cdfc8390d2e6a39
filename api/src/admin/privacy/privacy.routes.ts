import { requestSource } from '../../audit/audit.ts';
import type { Handlers, Query } from '../../http/typed.ts';
import type { PersonQuery, PrivacyService } from './privacy.service.ts';

type Ops =
  | 'findPersonalData'
  | 'exportPersonalData'
  | 'erasePersonalData'
  | 'correctLeadPersonalData'
  | 'getRetentionSettings';

const personOf = (q: Query<'findPersonalData'>): PersonQuery => ({
  email: q.email,
  leadKind: q.leadKind,
  leadId: q.leadId === undefined ? undefined : Number(q.leadId),
});

/** The desk's "Personal data" operations (admins only, by the contract's x-required-role). */
export function privacyHandlers(privacy: PrivacyService): Pick<Handlers, Ops> {
  return {
    findPersonalData: async ({ query, ctx }) => ({
      status: 200,
      body: await privacy.find(personOf(query), requestSource(ctx)),
    }),
    exportPersonalData: async ({ query, ctx }) => {
      const data = await privacy.export(personOf(query), requestSource(ctx));
      const stamp = data.generatedAt.slice(0, 10);
      return {
        status: 200,
        headers: { 'Content-Disposition': `attachment; filename="personal-data-${stamp}.json"` },
        body: data,
      };
    },
    erasePersonalData: async ({ body, ctx }) => ({
      status: 200,
      body: await privacy.erase(body.email, requestSource(ctx)),
    }),
    correctLeadPersonalData: async ({ params, body, ctx }) => ({
      status: 200,
      body: await privacy.correct(params.kind, Number(params.id), body, requestSource(ctx)),
    }),
    getRetentionSettings: () => ({ status: 200, body: privacy.retention() }),
  };
}
