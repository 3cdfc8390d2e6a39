import { Checkbox, CheckboxGroup, Fieldset, Heading, SimpleGrid } from '@chakra-ui/react';
import { Controller, useFormContext } from 'react-hook-form';
import { roleLabels } from '../../../../lib/roles.ts';
import type { TeamMember } from '../api/schedule.ts';
import type { ScheduleValues } from './schedule-values.ts';

/** Who may be a new host: an active account that works leads (a viewer changes nothing). */
const mayHost = (m: TeamMember) => m.active && m.role !== 'viewer';

/** A host's name in the form and in the server's messages about it. */
export function hostLabel(people: readonly TeamMember[], id: string): string {
  const m = people.find((p) => String(p.id) === id);
  if (!m) return `Account ${id} (not on the team)`;
  if (!m.active) return `${m.username} (deactivated: takes no demos)`;
  return `${m.username} (${roleLabels[m.role]})`;
}

/**
 * The hosts, as checkboxes: the team's active members, admins and owner, and the hosts the saved
 * schedule already has whoever they are now (a deactivated account, or one made a viewer since,
 * stays listed until it is unticked and saved: the server keeps such a host; a deactivated one
 * takes no demos, docs/demo-slots.md#the-schedules-desk-page).
 */
export function HostsField({ people, saved }: { people: readonly TeamMember[]; saved: string[] }) {
  const form = useFormContext<ScheduleValues>();
  const offered = people.filter(mayHost).map((m) => String(m.id));
  const ids = [...offered, ...saved.filter((id) => !offered.includes(id))];
  const options = ids
    .map((id) => ({ id, label: hostLabel(people, id) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const error = form.formState.errors.hostIds;
  return (
    <Controller
      control={form.control}
      name="hostIds"
      render={({ field }) => (
        <Fieldset.Root invalid={Boolean(error)}>
          <Fieldset.Legend>
            <Heading as="h3" size="md">
              Hosts
            </Heading>
          </Fieldset.Legend>
          <Fieldset.HelperText color="fg.muted">
            Who takes the demos; choose at least one. A new booking goes to a free host, in turn.
          </Fieldset.HelperText>
          <CheckboxGroup
            name={field.name}
            value={field.value}
            onValueChange={(v) => field.onChange(v)}
            // A problem with the hosts brings the focus to the first of them.
            ref={(el: HTMLDivElement | null) =>
              field.ref({ focus: () => el?.querySelector<HTMLInputElement>('input')?.focus() })
            }
          >
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
              {options.map((o) => (
                <Checkbox.Root key={o.id} value={o.id}>
                  <Checkbox.HiddenInput onBlur={field.onBlur} />
                  <Checkbox.Control />
                  <Checkbox.Label>{o.label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          </CheckboxGroup>
          <Fieldset.ErrorText color="red.700">{error?.message}</Fieldset.ErrorText>
        </Fieldset.Root>
      )}
    />
  );
}
