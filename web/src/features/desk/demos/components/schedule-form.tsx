import {
  Button,
  Card,
  Checkbox,
  Field,
  Fieldset,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type ReactNode } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSaveSchedule, type DemoSchedule, type TeamMember } from '../api/schedule.ts';
import { HostsField, hostLabel } from './hosts-field.tsx';
import { IntervalRows } from './interval-rows.tsx';
import {
  limits,
  MAX_OVERRIDES,
  openingHours,
  placeProblems,
  scheduleSchema,
  scheduleValues,
  WEEKDAYS,
  zoneOptions,
  type ScheduleValues,
} from './schedule-values.ts';

function Section({
  id,
  title,
  help,
  children,
}: {
  id: string;
  title: string;
  help: string;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h3" size="md" id={id}>
          {title}
        </Heading>
        <Text color="fg.muted">{help}</Text>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** The settings of the demos themselves, in minutes and days (DemoSchedule's limits on each input). */
const numberFields: { name: keyof typeof helpOf; label: string }[] = [
  { name: 'lengthMinutes', label: 'Demo length (minutes)' },
  { name: 'bufferBeforeMinutes', label: 'Buffer before (minutes)' },
  { name: 'bufferAfterMinutes', label: 'Buffer after (minutes)' },
  { name: 'minimumNoticeMinutes', label: 'Minimum notice (minutes)' },
  { name: 'horizonDays', label: 'Horizon (days)' },
  { name: 'dailyCap', label: 'Daily cap (demos per host)' },
];
const helpOf = {
  lengthMinutes: 'From 10 to 240.',
  bufferBeforeMinutes: 'Kept free before each demo; 0 to 240.',
  bufferAfterMinutes: 'Kept free after each demo; 0 to 240.',
  minimumNoticeMinutes: 'No demo starts sooner than this after booking; up to 43200 (30 days).',
  horizonDays: 'How many days ahead demos are offered, today the first; 1 to 365.',
  dailyCap: 'The most demos one host takes on a date; empty is no cap.',
};

/**
 * The demo schedule as a form (docs/demo-slots.md#the-schedule): the time zone, each weekday's
 * hours, date overrides, the demos' length, buffers, notice, horizon and cap, and the hosts. The
 * desk checks what the server checks; the server's 400 puts its messages at their fields, and
 * what was typed stays. Saved, the form holds the schedule as the server stored it.
 */
export function ScheduleForm({
  schedule,
  people,
}: {
  schedule: DemoSchedule | null;
  people: readonly TeamMember[];
}) {
  const [initial] = useState(() => scheduleValues(schedule));
  const form = useForm<ScheduleValues, unknown, DemoSchedule>({
    resolver: zodResolver(scheduleSchema),
    defaultValues: initial,
  });
  const save = useSaveSchedule();
  const [failure, setFailure] = useState<string | null>(null);
  const [zones] = useState(() => zoneOptions(initial.timeZone));
  const e = form.formState.errors;

  const submit = form.handleSubmit((body) => {
    setFailure(null);
    const typed = form.getValues();
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(scheduleValues(saved.schedule));
        notify({
          type: 'success',
          title: 'Demo schedule saved',
          description: 'Prospects who ask for a demo pick one of its open times.',
        });
      },
      onError: (error) => {
        const problems = error instanceof ApiError ? (error.problem?.errors ?? []) : [];
        const { placed, unplaced } = placeProblems(problems, typed, (id) => hostLabel(people, id));
        let first = true;
        for (const [name, message] of placed) {
          form.setError(name, { type: 'server', message }, { shouldFocus: first });
          first = false;
        }
        if (placed.length === 0 || unplaced.length > 0)
          setFailure(
            unplaced[0] ??
              ((error instanceof ApiError && error.detail) ||
                'The schedule was not saved. Please try again.'),
          );
      },
    });
  });

  return (
    <FormProvider {...form}>
      <form noValidate aria-label="Demo schedule" onSubmit={submit}>
        <Stack gap="6">
          <Section
            id="schedule-hours"
            title="Weekly hours"
            help="When demos may take place, on the hosts' clock. A day without hours is closed; hours may end at midnight (00:00)."
          >
            <Stack gap="5">
              <Field.Root invalid={Boolean(e.timeZone)} required maxW={{ md: 'sm' }}>
                <Field.Label>
                  Time zone
                  <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field {...form.register('timeZone')}>
                    {zones.map((z) => (
                      <option key={z} value={z}>
                        {z}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.HelperText>The hours below are on this zone’s clocks.</Field.HelperText>
                <Field.ErrorText color="red.700">{e.timeZone?.message}</Field.ErrorText>
              </Field.Root>
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
                {WEEKDAYS.map((day, d) => (
                  <Fieldset.Root key={day} borderWidth="1px" rounded="md" p="3" minW="0">
                    <Fieldset.Legend px="1">{day}</Fieldset.Legend>
                    <IntervalRows name={`weekly.${d}.intervals`} day={day} empty="Closed" />
                  </Fieldset.Root>
                ))}
              </SimpleGrid>
            </Stack>
          </Section>
          <Section
            id="schedule-overrides"
            title="Date overrides"
            help="A date’s own hours replace its weekday’s for that date; a day off has none."
          >
            <Overrides />
          </Section>
          <Section id="schedule-demos" title="Demos" help="How long a demo takes and when it may be booked.">
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
              {numberFields.map((f) => {
                const { min, max } = limits(f.name);
                return (
                  <Field.Root key={f.name} invalid={Boolean(e[f.name])} required={f.name !== 'dailyCap'}>
                    <Field.Label>
                      {f.label}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={min}
                      max={max}
                      step={1}
                      {...form.register(f.name)}
                    />
                    <Field.HelperText>{helpOf[f.name]}</Field.HelperText>
                    <Field.ErrorText color="red.700">{e[f.name]?.message}</Field.ErrorText>
                  </Field.Root>
                );
              })}
            </SimpleGrid>
          </Section>
          {/* A card as the others, its fieldset's legend the heading. */}
          <Card.Root>
            <Card.Body>
              <HostsField people={people} saved={initial.hostIds} />
            </Card.Body>
          </Card.Root>
          {failure && (
            <Text role="alert" color="red.700">
              {failure}
            </Text>
          )}
          <HStack gap="3" flexWrap="wrap">
            <Button type="submit" colorPalette="blue" loading={save.isPending} loadingText="Saving...">
              Save schedule
            </Button>
          </HStack>
        </Stack>
      </form>
    </FormProvider>
  );
}

/** The date overrides: each a date, "Day off" or its own hours; added and removed here. */
function Overrides() {
  const form = useFormContext<ScheduleValues>();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'overrides' });
  const add = useRef<HTMLButtonElement>(null);
  const e = form.formState.errors.overrides;
  return (
    <Stack gap="4">
      {fields.length === 0 && (
        <Text color="fg.muted">No date overrides: every date has its weekday’s hours.</Text>
      )}
      {fields.map((f, i) => {
        const title = `Date override ${i + 1}`;
        return (
          <Fieldset.Root key={f.id} borderWidth="1px" rounded="md" p="3" minW="0">
            <Fieldset.Legend px="1">{title}</Fieldset.Legend>
            <Stack gap="3">
              <Field.Root invalid={Boolean(e?.[i]?.date)} required maxW={{ md: 'xs' }}>
                <Field.Label>
                  Date
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input type="date" {...form.register(`overrides.${i}.date`)} />
                <Field.ErrorText color="red.700">{e?.[i]?.date?.message}</Field.ErrorText>
              </Field.Root>
              <Controller
                control={form.control}
                name={`overrides.${i}.dayOff`}
                render={({ field }) => (
                  <Field.Root invalid={Boolean(e?.[i]?.dayOff)}>
                    <Checkbox.Root
                      checked={field.value}
                      onCheckedChange={(c) => {
                        const dayOff = c.checked === true;
                        field.onChange(dayOff);
                        // Hours of its own: a working day's to start from, when it has none yet.
                        if (!dayOff && form.getValues(`overrides.${i}.intervals`).length === 0)
                          form.setValue(`overrides.${i}.intervals`, [openingHours()]);
                      }}
                    >
                      <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
                      <Checkbox.Control />
                      <Checkbox.Label>Day off</Checkbox.Label>
                    </Checkbox.Root>
                    <Field.ErrorText color="red.700">{e?.[i]?.dayOff?.message}</Field.ErrorText>
                  </Field.Root>
                )}
              />
              <OverrideHours index={i} title={title} />
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                alignSelf="flex-start"
                aria-label={`Remove ${title.toLowerCase()}`}
                onClick={() => {
                  remove(i);
                  add.current?.focus();
                }}
              >
                Remove date
              </Button>
            </Stack>
          </Fieldset.Root>
        );
      })}
      <Button
        ref={add}
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        disabled={fields.length >= MAX_OVERRIDES}
        onClick={() =>
          append({ date: '', dayOff: true, intervals: [] }, { focusName: `overrides.${fields.length}.date` })
        }
      >
        Add date override
      </Button>
    </Stack>
  );
}

/** An override's own hours, while it is not a day off. */
function OverrideHours({ index, title }: { index: number; title: string }) {
  const form = useFormContext<ScheduleValues>();
  const dayOff = form.watch(`overrides.${index}.dayOff`);
  const date = form.watch(`overrides.${index}.date`);
  if (dayOff) return null;
  return (
    <IntervalRows
      name={`overrides.${index}.intervals`}
      day={date || title.toLowerCase()}
      empty="No hours yet: add some, or tick Day off."
    />
  );
}
