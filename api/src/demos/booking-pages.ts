import type { components } from '@lead-desk/contract';
import type { Context, Middleware } from 'koa';
import { requestSource } from '../audit/audit.ts';
import { isDatabaseUnavailable } from '../db/pool.ts';
import { HttpError } from '../http/errors.ts';
import { isFormMediaType, readFormBody } from '../http/json-body.ts';
import type { Logger } from '../http/logger.ts';
import { seeOther } from '../http/redirect.ts';
import type { BookingService } from './booking.service.ts';

type Offer = components['schemas']['DemoBookingOffer'];

/** The page a demo request's form without JavaScript lands on while its browser may pick a time. */
export const DEMO_TIMES_PAGE = '/forms/demo-times';
/** The site's page for a sent demo request: where this one sends a browser with nothing to pick. */
const DEMO_SENT_PAGE = '/forms/demo-sent';

/**
 * The demo form's closing words, as the site's "Demo Scheduled!" screen has them
 * (web/src/features/lead-forms/forms.ts; api/test/demo-booking-pages.test.ts keeps the two equal).
 */
export const DEMO_SENT_WORDS = {
  title: 'Demo Scheduled!',
  success: "Demo scheduled successfully! We'll send you a calendar invitation shortly.",
  text: "We'll send you a calendar invitation shortly. A confirmation with the details of your 30-minute demo is on its way to your inbox.",
};

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const formatIn = (zone: string, opts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, ...opts });

/** "10:00 AM", and the host's "4:00 PM" beside it when the zones differ. */
function slotLabel(
  start: string,
  offer: Pick<Offer, 'timeZone' | 'hostTimeZone'>,
): { visitor: string; host: string | null } {
  const at = new Date(start);
  const time = (zone: string) => formatIn(zone, { hour: 'numeric', minute: '2-digit' }).format(at);
  const host = offer.hostTimeZone === offer.timeZone ? null : time(offer.hostTimeZone);
  return { visitor: time(offer.timeZone), host };
}

const dayOf = (start: string, zone: string) =>
  formatIn(zone, { weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(start));

const whenBooked = (b: components['schemas']['DemoBooking'], zone: string) => {
  const at = new Date(b.start);
  const visitor = formatIn(zone, { dateStyle: 'full', timeStyle: 'short' }).format(at);
  const host = formatIn(b.hostTimeZone, { timeStyle: 'short' }).format(at);
  return `${visitor} (${zone}); ${host} for your host (${b.hostTimeZone})`;
};

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a202c;background:#f7fafc;line-height:1.5}
main{max-width:42rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.75rem;margin:0 0 .75rem}
h2{font-size:1.25rem;margin:2rem 0 .75rem}
fieldset{border:0;margin:0 0 1rem;padding:0}
legend{font-weight:600;margin-bottom:.5rem}
.slots{display:flex;flex-wrap:wrap;gap:.5rem}
button{font:inherit;cursor:pointer;border-radius:.375rem;border:1px solid #3182ce;background:#fff;color:#2b6cb0;padding:.5rem .75rem;min-height:44px}
button:hover,button:focus-visible{background:#ebf8ff}
.host{display:block;font-size:.8rem;color:#4a5568}
select{font:inherit;padding:.4rem;max-width:100%;min-height:44px}
.zone{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-bottom:1rem}
.notice{border-left:4px solid #dd6b20;background:#fffaf0;padding:.5rem .75rem}
.booked{border-left:4px solid #38a169;background:#f0fff4;padding:.5rem .75rem}
a{color:#2b6cb0}
`;

/** What a page of times shows: the slots in a zone, with the host's beside them. */
export interface TimesShown {
  timeZone: string;
  hostTimeZone: string;
  slots: Offer['slots'];
}

/** A page of this site drawn by the API: the head every such page has, and `main`'s content. */
export function htmlPage(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escape(title)} | TextFlow</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${main}
<p><a href="/">Back to Home</a></p>
</main>
</body>
</html>
`;
}

/**
 * The time-zone choice (a GET form of its own) and the times as buttons of a form posting to
 * `action`, grouped by day on the chosen clock, the host's time on each when the zones differ.
 * `query` keeps the page's own query (a link's token) in both forms' addresses.
 */
export function timesForms(shown: TimesShown, action: string, query = ''): string {
  const zones = Intl.supportedValuesOf('timeZone');
  if (!zones.includes(shown.timeZone)) zones.unshift(shown.timeZone);
  const offer = shown as Offer;
  const byDay = new Map<string, Offer['slots']>();
  for (const s of shown.slots) {
    const day = dayOf(s.start, shown.timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), s]);
  }
  const hidden = [...new URLSearchParams(query)]
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join('');
  const target = query ? `${action}?${escape(query)}` : action;
  return `<form class="zone" method="get" action="${action}">
${hidden}<label for="timeZone">Your time zone</label>
<select id="timeZone" name="timeZone">${zones
    .map((z) => `<option${z === shown.timeZone ? ' selected' : ''}>${escape(z)}</option>`)
    .join('')}</select>
<button type="submit">Show times</button>
</form>
<form method="post" action="${target}">
<input type="hidden" name="timeZone" value="${escape(shown.timeZone)}">
${[...byDay]
  .map(
    ([day, slots]) =>
      `<fieldset><legend>${escape(day)}</legend><div class="slots">${slots
        .map((s) => {
          const label = slotLabel(s.start, offer);
          const host = label.host ? `<span class="host">${escape(label.host)} host time</span>` : '';
          return `<button type="submit" name="start" value="${escape(s.start)}" aria-label="${escape(`${day}, ${label.visitor}`)}">${escape(label.visitor)}${host}</button>`;
        })
        .join('')}</div></fieldset>`,
  )
  .join('\n')}
</form>`;
}

/** "Thursday, December 3, 2026 at 10:00 AM (America/New_York); 4:00 PM for your host (Europe/Berlin)". */
export const bookedWhen = whenBooked;
export const escapeHtml = escape;

/**
 * The page itself: the site's "Demo Scheduled!" words, then the open times as buttons of a form
 * that posts to this page, a time-zone choice as a form of its own, or the booking once made.
 */
export function demoTimesPage(offer: Offer, notice?: string): string {
  const picker = offer.booking
    ? `<p class="booked" role="status">Your demo is booked for ${escape(whenBooked(offer.booking, offer.timeZone))}. The calendar invitation is on its way to your inbox.</p>`
    : offer.slots.length === 0
      ? `<p>No open times are left; we'll send you a calendar invitation shortly.</p>`
      : `${offer.matchesWishes ? '' : '<p>No time matches your wishes; these are the soonest open times.</p>'}
${timesForms(offer, DEMO_TIMES_PAGE)}`;
  return htmlPage(
    DEMO_SENT_WORDS.title,
    `<h1>${escape(DEMO_SENT_WORDS.title)}</h1>
<p><strong>${escape(DEMO_SENT_WORDS.success)}</strong> ${escape(DEMO_SENT_WORDS.text)}</p>
<section aria-labelledby="pick">
<h2 id="pick">Pick an exact time</h2>
${notice ? `<p class="notice" role="alert">${escape(notice)}</p>` : ''}
<p>Times are shown in ${escape(offer.timeZone)}; each lasts ${offer.lengthMinutes} minutes.</p>
${picker}
</section>`,
  );
}

/**
 * The demo request's times for a browser without JavaScript (docs/demo-slots.md#picking-a-time):
 * GET draws the page, its form posts to the same address and books with the same service as the
 * API. A booked time is answered with a redirect to the page (a reload posts nothing again); a
 * time taken meanwhile redraws the page with the fresh times. With nothing to pick (no cookie, no
 * schedule) or a server that cannot answer, the browser goes to the site's "Demo Scheduled!" page,
 * which promises the invitation.
 */
export function demoBookingPages(
  booking: BookingService,
  limits: { bodyLimitBytes: number; bodyTimeoutMs: number },
  log: Logger,
): Middleware {
  const draw = (ctx: Context, status: number, offer: Offer, notice?: string) => {
    ctx.status = status;
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = demoTimesPage(offer, notice);
  };
  /** The offer, or undefined when there is nothing to pick (or no answer now): then the site's page. */
  const offerOr = async (ctx: Context, zone: string | undefined): Promise<Offer | undefined> => {
    try {
      return await booking.offer(ctx, zone);
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return undefined;
      if (isDatabaseUnavailable(err) || (err instanceof HttpError && err.status === 503)) {
        log.warn({ err, requestId: ctx.state.requestId }, 'the demo times page could not be drawn');
        return undefined;
      }
      throw err;
    }
  };

  return async (ctx, next) => {
    if (ctx.path !== DEMO_TIMES_PAGE || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    const asked = typeof ctx.query.timeZone === 'string' ? ctx.query.timeZone : undefined;
    if (ctx.method === 'GET') {
      let offer: Offer | undefined;
      let notice: string | undefined;
      try {
        offer = await offerOr(ctx, asked);
      } catch (err) {
        if (!(err instanceof HttpError && err.status === 400)) throw err;
        notice = err.message;
        offer = await offerOr(ctx, undefined);
      }
      return offer ? draw(ctx, notice ? 400 : 200, offer, notice) : seeOther(ctx, DEMO_SENT_PAGE);
    }

    if (isFormMediaType(ctx) !== 'ok') return seeOther(ctx, DEMO_TIMES_PAGE);
    let form: Record<string, string> = {};
    let refused: HttpError | undefined;
    try {
      form = (await readFormBody(ctx, limits.bodyLimitBytes, limits.bodyTimeoutMs)) as Record<string, string>;
    } catch (err) {
      if (!(err instanceof HttpError && err.status < 500)) throw err;
      refused = err;
    }
    const zone = form.timeZone || undefined;
    const start = form.start ?? '';
    const again = async (status: number, notice: string) => {
      const offer = await offerOr(ctx, zone).catch(() => offerOr(ctx, undefined));
      return offer ? draw(ctx, status, offer, notice) : seeOther(ctx, DEMO_SENT_PAGE);
    };
    // A body refused (too large, too slow, not UTF-8): the page again, saying why.
    if (refused) {
      ctx.set(refused.headers);
      return again(refused.status, refused.message);
    }
    if (Number.isNaN(Date.parse(start))) return again(400, 'Pick one of the times offered.');
    try {
      await booking.book(ctx, { start, timeZone: zone }, requestSource(ctx));
    } catch (err) {
      if (err instanceof HttpError && err.status === 409) return again(409, err.message);
      if (err instanceof HttpError && err.status === 400) return again(400, err.message);
      if (err instanceof HttpError && err.status === 404) return seeOther(ctx, DEMO_SENT_PAGE);
      if (isDatabaseUnavailable(err) || (err instanceof HttpError && err.status === 503)) {
        log.warn({ err, requestId: ctx.state.requestId }, 'a demo time could not be booked');
        return seeOther(ctx, DEMO_SENT_PAGE);
      }
      throw err;
    }
    seeOther(ctx, zone ? `${DEMO_TIMES_PAGE}?timeZone=${encodeURIComponent(zone)}` : DEMO_TIMES_PAGE);
  };
}
