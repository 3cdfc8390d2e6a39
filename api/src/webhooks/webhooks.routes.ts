import type { Context } from 'koa';
import type { AdminPrincipal } from '../http/principal.ts';
import { requestSource } from '../audit/audit.ts';
import type { Logger } from '../http/logger.ts';
import type { Handlers } from '../http/typed.ts';
import type { WebhookService } from './webhooks.service.ts';

type WebhookOps =
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'getWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'rotateWebhookSecret'
  | 'sendWebhookTest'
  | 'listWebhookDeliveries'
  | 'getWebhookDelivery'
  | 'redeliverWebhook';

/** The desk's webhook operations (docs/product.md#webhooks). Changes are logged with who made them. */
export function webhookHandlers(webhooks: WebhookService, log: Logger): Pick<Handlers, WebhookOps> {
  const audit = (ctx: Context, fields: Record<string, unknown>, message: string) =>
    log.info(
      { requestId: ctx.state.requestId, admin: (ctx.state.admin as AdminPrincipal).username, ...fields },
      message,
    );

  return {
    listWebhookEndpoints: async () => ({ status: 200, body: { endpoints: await webhooks.list() } }),

    createWebhookEndpoint: async ({ body, ctx }) => {
      const created = await webhooks.create(body, requestSource(ctx));
      audit(ctx, { endpointId: created.endpoint.id, url: created.endpoint.url }, 'webhook endpoint created');
      return { status: 201, body: created };
    },

    getWebhookEndpoint: async ({ params }) => ({ status: 200, body: await webhooks.get(params.id) }),

    updateWebhookEndpoint: async ({ params, body, ctx }) => {
      const endpoint = await webhooks.update(params.id, body, requestSource(ctx));
      audit(ctx, { endpointId: params.id, changed: Object.keys(body) }, 'webhook endpoint changed');
      return { status: 200, body: endpoint };
    },

    deleteWebhookEndpoint: async ({ params, ctx }) => {
      await webhooks.remove(params.id, requestSource(ctx));
      audit(ctx, { endpointId: params.id }, 'webhook endpoint deleted');
      return { status: 204 };
    },

    rotateWebhookSecret: async ({ params, ctx }) => {
      const rotated = await webhooks.rotateSecret(params.id, requestSource(ctx));
      audit(ctx, { endpointId: params.id }, 'webhook secret rotated');
      return { status: 200, body: rotated };
    },

    sendWebhookTest: async ({ params, ctx }) => ({
      status: 200,
      body: await webhooks.sendTest(params.id, requestSource(ctx)),
    }),

    listWebhookDeliveries: async ({ query }) => ({ status: 200, body: await webhooks.listDeliveries(query) }),

    getWebhookDelivery: async ({ params }) => ({ status: 200, body: await webhooks.getDelivery(params.id) }),

    redeliverWebhook: async ({ params, ctx }) => {
      const delivery = await webhooks.redeliver(params.id, requestSource(ctx));
      audit(ctx, { deliveryId: params.id, redelivery: delivery.id }, 'webhook redelivered');
      return { status: 202, body: delivery };
    },
  };
}
