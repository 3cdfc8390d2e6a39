import type { components, paths } from '@lead-desk/contract';
import type { SuccessResponseJSON } from 'openapi-typescript-helpers';
import type { LeadKind } from '../desk-routes.ts';

// Written out per kind (not mapped over LeadKind) so that TypeScript sees a generic `Lead<K>` as
// the union of the four, with their common fields.
interface Leads {
  contacts: SuccessResponseJSON<paths['/api/contacts/{id}']['get']>;
  demos: SuccessResponseJSON<paths['/api/demos/{id}']['get']>;
  'get-started': SuccessResponseJSON<paths['/api/get-started/{id}']['get']>;
  newsletters: SuccessResponseJSON<paths['/api/newsletters/{id}']['get']>;
}
/** One lead of a kind, whole, as its API answers it. */
export type Lead<K extends LeadKind> = Leads[K];

/**
 * The desk's paths name a kind in the plural (as the lists' API does); history, mail, notes and
 * assignment, singly.
 */
export const historyKind = {
  contacts: 'contact',
  demos: 'demo',
  'get-started': 'get-started',
  newsletters: 'newsletter',
} as const satisfies Record<LeadKind, components['schemas']['LeadKind']>;

export const deskKind = Object.fromEntries(
  Object.entries(historyKind).map(([desk, kind]) => [kind, desk]),
) as { [K in LeadKind as (typeof historyKind)[K]]: K };
