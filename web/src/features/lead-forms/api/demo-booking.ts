import type { components } from '@lead-desk/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../components/notices.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';
import { getQueryClient } from '../../../lib/query-client.ts';

type S = components['schemas'];
export type DemoSlot = S['DemoSlot'];
export type DemoBooking = S['DemoBooking'];
export type DemoBookingOffer = S['DemoBookingOffer'];

/** What the picker shows: nothing (still asking, or nothing to pick), the open times, or the booking. */
export type PickerView =
  | { state: 'loading' }
  | { state: 'none' }
  | { state: 'open'; offer: DemoBookingOffer }
  | { state: 'booked'; booking: DemoBooking };

/** How a press of a time ended: booked, or not (taken, failed); the picker moves the focus by it. */
export interface BookingOutcome {
  booked: boolean;
}

/**
 * How long the picker waits after the zone changed before it asks for that zone's times: arrowing
 * through the select changes it on every key, and nginx counts these requests with the lead
 * submissions (docs/demo-slots.md#picking-a-time).
 */
const ZONE_PAUSE_MS = 300;

const TAKEN = 'That time was just taken. Please pick another.';

const offerKey = (timeZone: string) => ['demo-booking', timeZone] as const;
// An answer that is not OK has thrown (lib/api-client.ts).
const fetchOffer = async (timeZone: string) =>
  (await api.GET('/api/demo-booking', { params: { query: { timeZone } } })).data!;

function errorDescription(error: unknown): string {
  if (error instanceof ApiError)
    return error.problem?.errors?.[0]?.message ?? error.detail ?? 'Please try again later.';
  return 'Please check your connection and try again.';
}

/**
 * The exact times the demo request just sent may be booked into, and booking one
 * (docs/demo-slots.md#picking-a-time): the browser holds the request's cookie, so these are plain
 * same-origin requests. The first answer decides whether there is anything to pick (a 404, or any
 * failure, is nothing). A change of zone asks again, and the times on screen stay until its answer
 * (shown on the new clock meanwhile); when it fails, the zone goes back. A time taken meanwhile is
 * answered with the times open now, shown in place, with the server's words in `message`.
 */
export function useDemoBooking(initialZone: string) {
  const client = getQueryClient();
  // The zone the times on screen were asked in, and one asked for since and not yet answered.
  const [shown, setShown] = useState(initialZone);
  const [requested, setRequested] = useState<string | null>(null);
  // What the last press came to, each set with the others (one render), so that the picker moves
  // the focus by what it then shows: the booking, or the times open now after one was taken.
  const [pending, setPending] = useState(false);
  const [booked, setBooked] = useState<DemoBooking | null>(null);
  const [fresh, setFresh] = useState<DemoSlot[] | null>(null);
  const [message, setMessage] = useState('');
  const [outcome, setOutcome] = useState<BookingOutcome | null>(null);
  const inFlight = useRef(false);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef<string | null>(null);
  const zone = requested ?? shown;

  const offer = useQuery({ queryKey: offerKey(shown), queryFn: () => fetchOffer(shown) }, client);
  // What this picker asked for is its own: a picker mounted later asks afresh.
  useEffect(
    () => () => {
      clearTimeout(pause.current);
      client.removeQueries({ queryKey: ['demo-booking'] });
    },
    [client],
  );

  const changeZone = (timeZone: string) => {
    setRequested(timeZone);
    setMessage('');
    latest.current = timeZone;
    clearTimeout(pause.current);
    pause.current = setTimeout(() => {
      client
        .fetchQuery({ queryKey: offerKey(timeZone), queryFn: () => fetchOffer(timeZone), staleTime: 0 })
        .then(
          () => {
            if (latest.current !== timeZone) return;
            setShown(timeZone);
            setRequested(null);
            setFresh(null);
          },
          (error: unknown) => {
            if (latest.current !== timeZone) return;
            setRequested(null);
            notify({ type: 'error', title: 'Error loading the times', description: errorDescription(error) });
          },
        );
    }, ZONE_PAUSE_MS);
  };

  const book = async (slot: DemoSlot) => {
    if (inFlight.current || requested !== null) return;
    inFlight.current = true;
    setPending(true);
    setMessage('');
    let outcome: BookingOutcome = { booked: false };
    try {
      const { data } = await api.POST('/api/demo-booking', { body: { start: slot.start, timeZone: zone } });
      setBooked(data!);
      outcome = { booked: true };
    } catch (error) {
      const taken =
        error instanceof ApiError && error.status === 409
          ? (error.problem as Partial<S['SlotTaken']> | undefined)
          : undefined;
      if (taken?.booking) {
        setBooked(taken.booking);
        outcome = { booked: true };
      } else if (taken) {
        setFresh(taken.slots ?? []);
        setMessage(taken.detail ?? TAKEN);
      } else
        notify({ type: 'error', title: 'Error booking your demo', description: errorDescription(error) });
    } finally {
      inFlight.current = false;
      setPending(false);
      setOutcome(outcome);
    }
  };

  const data = offer.data && (fresh ? { ...offer.data, slots: fresh } : offer.data);
  const view: PickerView = booked
    ? { state: 'booked', booking: booked }
    : offer.isPending
      ? { state: 'loading' }
      : !data
        ? { state: 'none' }
        : data.booking
          ? { state: 'booked', booking: data.booking }
          : // Nothing to pick from the first, or none left after a press (said in `message`).
            data.slots.length > 0 || message
            ? { state: 'open', offer: data }
            : { state: 'none' };

  return {
    view,
    /** The visitor's zone: the one chosen last, whose times may still be on their way. */
    zone,
    zonePending: requested !== null,
    bookingPending: pending,
    message,
    outcome,
    changeZone,
    book,
  };
}
