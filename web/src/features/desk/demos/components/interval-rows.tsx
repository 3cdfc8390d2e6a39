import { Button, Field, Grid, Input, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { get, useFieldArray, useFormContext, type Path } from 'react-hook-form';
import { MAX_INTERVALS, openingHours, type ScheduleValues } from './schedule-values.ts';

type IntervalsPath = `weekly.${number}.intervals` | `overrides.${number}.intervals`;

/**
 * One day's intervals (a weekday's, or a date override's): a start and an end each, "Add hours"
 * and a remove button per interval. No intervals: `empty` says what that means (closed, a day
 * off). Inside the day's fieldset, whose legend names the day.
 */
export function IntervalRows({ name, day, empty }: { name: IntervalsPath; day: string; empty: string }) {
  const form = useFormContext<ScheduleValues>();
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const add = useRef<HTMLButtonElement>(null);
  const errors = form.formState.errors;
  // After a first save, a change to one interval checks the day's others again: an overlap's
  // message is on the later interval, and goes once the earlier one is moved.
  const recheck = () => {
    if (form.formState.isSubmitted) void form.trigger(name);
  };
  return (
    <Stack gap="3">
      {fields.length === 0 && <Text color="fg.muted">{empty}</Text>}
      {fields.map((f, j) => (
        // Start and end side by side, even at a phone's width; the remove button beside them where
        // there is room, under them where there is not.
        <Grid
          key={f.id}
          templateColumns={{ base: '1fr 1fr', sm: '1fr 1fr auto' }}
          columnGap="3"
          rowGap="1"
          alignItems="start"
          maxW={{ md: '32rem' }}
        >
          {(['start', 'end'] as const).map((part) => {
            const path = `${name}.${j}.${part}` as Path<ScheduleValues>;
            const error = get(errors, path) as { message?: string } | undefined;
            return (
              <Field.Root key={part} invalid={Boolean(error)} minW="0">
                <Field.Label>{part === 'start' ? 'Start' : 'End'}</Field.Label>
                <Input type="time" {...form.register(path, { onChange: recheck })} />
                <Field.ErrorText color="red.700">{error?.message}</Field.ErrorText>
              </Field.Root>
            );
          })}
          <Button
            variant="ghost"
            size="sm"
            colorPalette="red"
            justifySelf="start"
            gridColumn={{ base: '1 / -1', sm: 'auto' }}
            mt={{ base: '0', sm: '7' }}
            aria-label={`Remove ${day} hours ${j + 1}`}
            onClick={() => {
              remove(j);
              add.current?.focus();
              recheck();
            }}
          >
            Remove
          </Button>
        </Grid>
      ))}
      <Button
        ref={add}
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        disabled={fields.length >= MAX_INTERVALS}
        aria-label={`Add hours on ${day}`}
        // The first hours of a day are a working day's; more start empty, to be typed (the new
        // interval's start has the focus).
        onClick={() => append(fields.length === 0 ? openingHours() : { start: '', end: '' })}
      >
        Add hours
      </Button>
    </Stack>
  );
}
