import { checkCursor, text } from '../shared/desk-routes.ts';

// What the webhook routes check before any of the desk's code loads (see desk-routes.ts): the shape
// of an endpoint page's search. Whether an event or status is one the contract knows is checked by
// the page's loader (api/webhook-deliveries.ts), which may load the contract's enumerations.

/** An endpoint page's place in the URL: its delivery log's filters and page, and the open delivery. */
export interface DeliverySearch {
  event?: string;
  status?: string;
  /** A day (YYYY-MM-DD): only deliveries made from the start of that day, in the viewer's time zone. */
  since?: string;
  cursor?: string;
  /** The delivery shown open with its attempts and payload. */
  delivery?: number;
}

const token = /^[a-z_.]{1,60}$/;
const day = /^\d{4}-\d{2}-\d{2}$/;

/** The endpoint page's search params; anything else in the URL is dropped. */
export function parseDeliverySearch(raw: Record<string, unknown>): DeliverySearch {
  const event = text(raw.event, 'event') || undefined;
  const status = text(raw.status, 'status') || undefined;
  const since = text(raw.since, 'date') || undefined;
  const cursor = text(raw.cursor, 'page cursor');
  const delivery = text(raw.delivery, 'delivery');
  if (event !== undefined && !token.test(event))
    throw new Error('The event in this address is not one the desk knows.');
  if (status !== undefined && !token.test(status))
    throw new Error('The status in this address is not one the desk knows.');
  if (since !== undefined && (!day.test(since) || Number.isNaN(Date.parse(since))))
    throw new Error('The date in this address is not a day (YYYY-MM-DD).');
  checkCursor(cursor);
  const id = delivery === undefined ? undefined : /^[1-9][0-9]*$/.test(delivery) ? Number(delivery) : NaN;
  if (id !== undefined && !Number.isSafeInteger(id))
    throw new Error('The delivery in this address is not a delivery number.');
  return {
    ...(event ? { event } : {}),
    ...(status ? { status } : {}),
    ...(since ? { since } : {}),
    ...(cursor !== undefined ? { cursor } : {}),
    ...(id !== undefined ? { delivery: id } : {}),
  };
}
