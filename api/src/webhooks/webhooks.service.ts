import type { components } from '@lead-desk/contract';
import type { Config } from '../config.ts';
import { insertAuditEntry } from '../audit/audit.repo.ts';
import { namesOnly, type AuditRecord, type AuditSource } from '../audit/audit.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Queryable } from '../db/pool.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { attemptDeliveries, deliveryPayload, type DeliverDeps } from './deliver.ts';
import * as deliveries from './deliveries.repo.ts';
import * as endpoints from './endpoints.repo.ts';
import { insertTestDelivery } from './events.repo.ts';
import type { WebhookData } from './payloads.ts';
import { newSecret } from './signing.ts';

type S = components['schemas'];

/** How long a rotated-out secret keeps signing (docs/webhooks.md#rotating-the-secret). */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

/** The contract's message for a URL it refuses (WebhookUrl's x-messages), for the same mistake found here. */
const URL_MESSAGE = "Enter the endpoint's full URL, starting with https://";

const noEndpoint = (id: number) => notFound(`There is no webhook endpoint ${id}.`);
const noDelivery = (id: number) => notFound(`There is no webhook delivery ${id}.`);

/** What the desk does with webhook endpoints and their delivery log (docs/product.md#webhooks). */
export function createWebhookService(deps: DeliverDeps, config: Pick<Config, 'webhookAllowHttp'>) {
  const { db } = deps;

  /** Runs a change and its audit entry in one transaction (docs/operations.md#audit-log). */
  const audited = <T>(
    source: AuditSource,
    change: (client: Queryable) => Promise<T>,
    entry: (result: NonNullable<T>) => AuditRecord,
  ): Promise<T> =>
    inTransaction(db, async (client) => {
      const result = await change(client);
      if (result !== undefined && result !== null && result !== false)
        await insertAuditEntry(client, source, entry(result as NonNullable<T>));
      return result;
    });
  const endpointTarget = (id: number) => ({ type: 'webhook-endpoint', id }) as const;

  /** The contract checks the URL's shape; this checks what depends on the server's settings. */
  function checkUrl(raw: string): string {
    const url = raw.trim();
    const refuse = (detail: string, message = URL_MESSAGE) => badRequest(detail, [{ path: '/url', message }]);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw refuse(`${URL_MESSAGE}.`);
    }
    if (parsed.protocol === 'http:' && !config.webhookAllowHttp) {
      throw refuse(
        'Webhook URLs must use https://. Plain http:// is allowed only on a server started with WEBHOOK_ALLOW_HTTP=1, for development.',
        'The URL must start with https://',
      );
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw refuse(`${URL_MESSAGE}.`);
    if (parsed.username || parsed.password) {
      throw refuse(
        'The URL must not contain a user name or password: receivers check the signature instead.',
        'The URL must not contain a user name or password',
      );
    }
    return url;
  }

  async function detail(id: number): Promise<S['WebhookDeliveryDetail']> {
    const delivery = await deliveries.findDelivery(db, id);
    if (!delivery) throw noDelivery(id);
    const [attempts, payload] = await Promise.all([deliveries.listAttempts(db, id), deliveryPayload(db, id)]);
    if (!payload) throw noDelivery(id);
    return { delivery, attempts, payload };
  }

  return {
    list: () => endpoints.listEndpoints(db),

    async get(id: number) {
      const endpoint = await endpoints.findEndpoint(db, id);
      if (!endpoint) throw noEndpoint(id);
      return endpoint;
    },

    async create(
      input: S['WebhookEndpointInput'],
      source: AuditSource,
    ): Promise<S['WebhookEndpointWithSecret']> {
      const secret = newSecret();
      const fields = {
        url: checkUrl(input.url),
        description: (input.description ?? '').trim(),
        events: input.events,
        leadKinds: input.leadKinds ?? [],
        enabled: input.enabled ?? true,
      };
      const endpoint = await audited(
        source,
        (client) => endpoints.insertEndpoint(client, fields, secret),
        (e) => ({
          action: 'webhook.created',
          target: endpointTarget(e.id),
          changes: namesOnly(Object.keys(fields)),
        }),
      );
      return { endpoint, secret };
    },

    async update(id: number, changes: S['WebhookEndpointChanges'], source: AuditSource) {
      const endpoint = await audited(
        source,
        (client) =>
          endpoints.updateEndpoint(client, id, {
            ...changes,
            url: changes.url === undefined ? undefined : checkUrl(changes.url),
            description: changes.description?.trim(),
          }),
        () => ({
          action: 'webhook.changed',
          target: endpointTarget(id),
          changes: namesOnly(Object.keys(changes)),
        }),
      );
      if (!endpoint) throw noEndpoint(id);
      return endpoint;
    },

    async remove(id: number, source: AuditSource) {
      const removed = await audited(
        source,
        (client) => endpoints.deleteEndpoint(client, id),
        () => ({ action: 'webhook.deleted', target: endpointTarget(id) }),
      );
      if (!removed) throw noEndpoint(id);
    },

    async rotateSecret(id: number, source: AuditSource): Promise<S['WebhookEndpointWithSecret']> {
      const secret = newSecret();
      const endpoint = await audited(
        source,
        (client) => endpoints.rotateSecret(client, id, secret, PREVIOUS_SECRET_MS),
        () => ({
          action: 'webhook.secret-rotated',
          target: endpointTarget(id),
          changes: namesOnly(['secret']),
        }),
      );
      if (!endpoint) throw noEndpoint(id);
      return { endpoint, secret };
    },

    /** One attempt while the desk waits, kept in the log like any delivery. */
    async sendTest(id: number, source: AuditSource) {
      const data: WebhookData<'webhook.test'> = {
        endpointId: id,
        message: 'A test event from Lead Desk. Verify its signature, then answer 2xx.',
      };
      const deliveryId = await audited(
        source,
        (client) => insertTestDelivery(client, id, data),
        (delivery) => ({ action: 'webhook.test-sent', target: endpointTarget(id), details: { delivery } }),
      );
      if (deliveryId === undefined) throw noEndpoint(id);
      await attemptDeliveries(deps, [deliveryId]);
      return detail(deliveryId);
    },

    listDeliveries(q: {
      endpointId?: number;
      leadKind?: S['LeadKind'];
      leadId?: number;
      event?: string;
      status?: string;
      since?: string;
      cursor?: string;
      limit?: number;
    }) {
      if ((q.leadKind === undefined) !== (q.leadId === undefined)) {
        const missing = q.leadKind === undefined ? 'leadKind' : 'leadId';
        throw badRequest('Filter by a lead with both leadKind and leadId.', [
          {
            path: `/query/${missing}`,
            message: `${missing} is required with ${missing === 'leadId' ? 'leadKind' : 'leadId'}`,
          },
        ]);
      }
      const lead = q.leadKind && q.leadId ? { kind: q.leadKind, id: q.leadId } : undefined;
      return deliveries.listDeliveries(db, { ...q, lead, limit: q.limit ?? 50 });
    },

    getDelivery: detail,

    async redeliver(id: number, source: AuditSource) {
      const delivery = await deliveries.findDelivery(db, id);
      if (!delivery) throw noDelivery(id);
      const endpoint = await endpoints.findEndpoint(db, delivery.endpointId);
      if (!endpoint) throw noDelivery(id);
      if (!endpoint.enabled) {
        throw new HttpError(409, 'Conflict', 'The endpoint is disabled. Enable it, then redeliver.');
      }
      const again = await audited(
        source,
        (client) => deliveries.insertRedelivery(client, id),
        (redelivery) => ({
          action: 'webhook.redelivered',
          target: { type: 'webhook-delivery', id },
          details: { redelivery },
        }),
      );
      // None made: the event's data was erased (docs/product.md#erasure), so there is nothing to send.
      if (again === undefined)
        throw new HttpError(409, 'Conflict', "This event's data was erased; it cannot be sent again.");
      const queued = await deliveries.findDelivery(db, again);
      if (!queued) throw noDelivery(id);
      return queued;
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
