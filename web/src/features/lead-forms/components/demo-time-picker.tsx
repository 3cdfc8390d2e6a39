import { Box, Button, Card, Field, Heading, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useDemoBooking, type DemoBooking, type DemoSlot } from '../api/demo-booking.ts';
import {
  browserTimeZone,
  dayKey,
  dayLabel,
  fullDateTime,
  hostTime,
  timeOf,
  timeZones,
} from '../demo-times.ts';

/** The slots by the visitor's date, in order (they come soonest first). */
function byDay(slots: DemoSlot[], zone: string) {
  const days = new Map<string, { label: string; slots: DemoSlot[] }>();
  for (const slot of slots) {
    const at = new Date(slot.start);
    const key = dayKey(at, zone);
    let day = days.get(key);
    if (!day) days.set(key, (day = { label: dayLabel(at, zone), slots: [] }));
    day.slots.push(slot);
  }
  return [...days].map(([key, day]) => ({ key, ...day }));
}

/** "Your demo is booked for Tuesday, June 9, 2026 at 10:00 AM (4:00 PM Berlin time for your host)." */
function booked(booking: DemoBooking, zone: string): string {
  const at = new Date(booking.start);
  return `Your demo is booked for ${fullDateTime(at, zone)} (${hostTime(at, zone, booking.hostTimeZone)} for your host).`;
}

/**
 * The demo form's "Pick an exact time" (docs/demo-slots.md#picking-a-time), under its closing
 * screen: the open times by day on the visitor's clock, the host's beside each; pressing one books
 * it. Nothing shows when the team offers none (no schedule, or the request cannot pick). Its code
 * loads only once the form has succeeded (lead-form.tsx).
 */
export default function DemoTimePicker({ timeZone }: { timeZone?: string }) {
  const [initialZone] = useState(() => timeZone ?? browserTimeZone());
  const picker = useDemoBooking(initialZone);
  const { view, zone, outcome } = picker;
  const headingId = useId();
  const region = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const pressed = useRef<HTMLButtonElement | null>(null);
  const zones = useMemo(() => timeZones(initialZone), [initialZone]);

  // Once a press has been answered: to the confirmation, or back where the visitor was (the time
  // pressed, or the heading when that time is gone); the refusal's words are announced meanwhile.
  useEffect(() => {
    if (!outcome) return;
    if (outcome.booked) return confirmation.current?.focus();
    if (region.current?.contains(document.activeElement)) return;
    (pressed.current?.isConnected ? pressed.current : heading.current)?.focus();
  }, [outcome]);

  if (view.state === 'loading' || view.state === 'none') return null;
  const busy = picker.bookingPending || picker.zonePending;

  return (
    <Card.Root as="section" ref={region} aria-labelledby={headingId} maxW="xl" mx="auto" mt="6">
      <Card.Body>
        <Stack gap="5">
          <Heading as="h3" size="xl" id={headingId} ref={heading} tabIndex={-1}>
            Pick an exact time
          </Heading>
          {view.state === 'booked' ? (
            <Text ref={confirmation} tabIndex={-1} fontWeight="semibold">
              {booked(view.booking, zone)}
            </Text>
          ) : (
            <>
              <Field.Root disabled={picker.bookingPending}>
                <Field.Label>Your time zone</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={zone} onChange={(e) => picker.changeZone(e.target.value)}>
                    {zones.map((z) => (
                      <option key={z} value={z}>
                        {z.replace(/_/g, ' ')}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              {!view.offer.matchesWishes && view.offer.slots.length > 0 && (
                <Text>No time matches your wishes; these are the soonest open times.</Text>
              )}
              <Box>
                {/* Says why the times changed under the visitor's hand (a time taken meanwhile). */}
                <Box role="status" aria-live="polite" aria-atomic="true">
                  {picker.message && (
                    <Text mb="4" color="red.700" fontWeight="semibold">
                      {picker.message}
                    </Text>
                  )}
                </Box>
                {view.offer.slots.length === 0 ? (
                  <Text>No open times are left; we will send you an invitation.</Text>
                ) : (
                  <Stack gap="4" aria-busy={busy}>
                    <Text color="fg.muted">Pressing a time books it at once.</Text>
                    {byDay(view.offer.slots, zone).map((day) => (
                      <Day
                        key={day.key}
                        label={day.label}
                        slots={day.slots}
                        zone={zone}
                        hostZone={view.offer.hostTimeZone}
                        disabled={busy}
                        onPick={(slot, button) => {
                          pressed.current = button;
                          void picker.book(slot);
                        }}
                      />
                    ))}
                  </Stack>
                )}
              </Box>
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Day({
  label,
  slots,
  zone,
  hostZone,
  disabled,
  onPick,
}: {
  label: string;
  slots: DemoSlot[];
  zone: string;
  hostZone: string;
  disabled: boolean;
  onPick: (slot: DemoSlot, button: HTMLButtonElement) => void;
}) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id}>
      <Heading as="h4" size="md" id={id} mb="2">
        {label}
      </Heading>
      <SimpleGrid minChildWidth="15rem" gap="2">
        {slots.map((slot) => {
          const at = new Date(slot.start);
          const host = hostTime(at, zone, hostZone);
          return (
            <Button
              key={slot.start}
              type="button"
              variant="outline"
              colorPalette="blue"
              h="auto"
              minH="10"
              py="2"
              whiteSpace="normal"
              flexWrap="wrap"
              columnGap="2"
              rowGap="0"
              disabled={disabled}
              aria-label={`${fullDateTime(at, zone)}, ${host}`}
              onClick={(e) => onPick(slot, e.currentTarget)}
            >
              <Box as="span" fontWeight="semibold">
                {timeOf(at, zone)}
              </Box>{' '}
              <Box as="span" aria-hidden="true">
                ·
              </Box>{' '}
              <Box as="span" fontWeight="normal" color="fg.muted">
                {host}
              </Box>
            </Button>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
