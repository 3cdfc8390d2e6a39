import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { scheduleQuery, useRemoveSchedule, type TeamMember } from '../api/schedule.ts';
import { Confirm } from '../../shared/confirm.tsx';
import { formatDate } from '../../shared/format.ts';
import { ScheduleForm } from './schedule-form.tsx';

/**
 * /admin/schedule: the team's demo schedule, for admins (docs/demo-slots.md#the-schedules-desk-page).
 * Without one, what that means and the form to set one up; with one, the form filled in and its
 * removal. `people`: the team's accounts, for the hosts (the route reads them).
 */
export function SchedulePage({ people }: { people: readonly TeamMember[] }) {
  // The route's loader read the schedule before this rendered.
  const { data } = useQuery(scheduleQuery);
  if (!data) return null;
  const { schedule, updatedAt } = data;
  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h2" size="xl">
          Demo schedule
        </Heading>
        {schedule && updatedAt ? (
          <Text color="fg.muted">
            Prospects who ask for a demo pick one of its open times and have it booked at once. Last saved{' '}
            {formatDate(updatedAt)}.
          </Text>
        ) : (
          <Text color="fg.muted">
            Without a schedule, prospects leave their wishes and the desk sends the invitation by hand. Set
            one up below to let them pick an open time instead.
          </Text>
        )}
      </Stack>
      {/* A new form once the schedule comes or goes: a removed one's values do not stay. */}
      <ScheduleForm key={schedule ? 'saved' : 'none'} schedule={schedule} people={people} />
      {schedule && <RemoveSchedule />}
    </Stack>
  );
}

function RemoveSchedule() {
  const remove = useRemoveSchedule();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Cancelled: the focus goes back to the button that asked.
  const cancel = () => {
    flushSync(() => setAsking(false));
    button.current?.focus();
  };
  return (
    <Stack gap="3" align="flex-start">
      <Button
        ref={button}
        variant="outline"
        colorPalette="red"
        disabled={asking}
        onClick={() => setAsking(true)}
      >
        Remove schedule
      </Button>
      {asking && (
        <Confirm
          question="Remove the demo schedule?"
          detail="Prospects then leave their wishes again and the desk sends each invitation by hand. Demos already booked keep their times and hosts."
          action="Remove schedule"
          danger
          pending={remove.isPending}
          onCancel={cancel}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: (removed) =>
                notify({
                  type: 'success',
                  title: 'Demo schedule removed',
                  description: removed
                    ? 'Prospects leave their wishes again.'
                    : 'It had already been removed.',
                }),
              onError: (e) =>
                notify({
                  type: 'error',
                  title: 'The schedule was not removed',
                  description: (e instanceof ApiError && e.detail) || 'Please try again.',
                }),
            })
          }
        />
      )}
    </Stack>
  );
}
