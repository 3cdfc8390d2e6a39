import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { sessionQuery, useCan } from '../../shared/api/session.ts';
import type { Lead } from '../../shared/api/lead.ts';
import {
  assigneeFilter,
  assigneeParam,
  type AssigneeFilter as Filter,
  type LeadKind,
} from '../../shared/desk-routes.ts';
import { useAssignLead, useAssignLeads, worksLeads, type TeamMember } from '../api/assignment.ts';

// The desk's side of lead assignment (docs/product.md#assignment, docs/web.md#desk-assignment):
// who has a lead, giving it to someone, a list's selection and filters ("reassign all" is the
// team page's). The people come from the route (the team's list), as the desk composes
// capabilities there.

/** An assignee's name: the person's username, "Nobody" for none. */
export function assigneeName(people: readonly TeamMember[], id: number | null): string {
  if (id === null) return 'Nobody';
  return people.find((m) => m.id === id)?.username ?? `Account ${id}`;
}

/** The signed-in person among the team, when they work leads. */
function useMe(people: readonly TeamMember[]): TeamMember | undefined {
  const username = useQuery(sessionQuery).data?.username;
  return people.find((m) => m.username === username && worksLeads(m));
}

/**
 * A select that acts as soon as a person is picked ("Assign to ..."): its first option is the
 * prompt, and it goes back to it, so the same choice can be made again.
 */
function PersonPicker({
  label,
  prompt,
  people,
  disabled,
  onPick,
}: {
  label: string;
  prompt: string;
  people: readonly TeamMember[];
  disabled?: boolean;
  onPick: (id: number) => void;
}) {
  return (
    <NativeSelect.Root size="xs" width="auto" minW="40" disabled={disabled}>
      <NativeSelect.Field
        aria-label={label}
        value=""
        onChange={(e) => {
          if (e.target.value) onPick(Number(e.target.value));
        }}
      >
        <option value="">{prompt}</option>
        {people.map((m) => (
          <option key={m.id} value={m.id}>
            {m.username}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * A lead's assignee on its page, with "Assign to ...", "Assign to me" and "Unassign" for those
 * who may. Each change names the assignee shown here; when someone else changed it meanwhile
 * the notice names who has it now and the page shows them.
 */
export function AssigneeControl<K extends LeadKind>({
  kind,
  lead,
  people,
}: {
  kind: K;
  lead: Lead<K>;
  people: readonly TeamMember[];
}) {
  const mayAssign = useCan('assignLead');
  const me = useMe(people);
  const assign = useAssignLead(kind, lead.id);
  const current = lead.assigneeId;
  const to = (assigneeId: number | null) => assign.mutate({ assigneeId, expectedAssigneeId: current });
  return (
    <Stack gap="2">
      <Text data-testid="assignee">{assigneeName(people, current)}</Text>
      {mayAssign && (
        <HStack gap="2" flexWrap="wrap">
          <PersonPicker
            label="Assign to"
            prompt="Assign to …"
            people={people.filter((m) => worksLeads(m) && m.id !== current)}
            disabled={assign.isPending}
            onPick={to}
          />
          {me && me.id !== current && (
            <Button size="xs" variant="outline" loading={assign.isPending} onClick={() => to(me.id)}>
              Assign to me
            </Button>
          )}
          {current !== null && (
            <Button size="xs" variant="outline" loading={assign.isPending} onClick={() => to(null)}>
              Unassign
            </Button>
          )}
        </HStack>
      )}
    </Stack>
  );
}

/** The list's assignee filter: everyone's leads, "Mine", "Unassigned" or one person's. */
export function AssigneeFilter({
  value,
  people,
  onChange,
}: {
  value: Filter | undefined;
  people: readonly TeamMember[];
  onChange: (assignee: Filter | undefined) => void;
}) {
  return (
    <NativeSelect.Root size="sm" width="auto" minW="48">
      <NativeSelect.Field
        aria-label="Assignee filter"
        value={assigneeParam(value) ?? ''}
        onChange={(e) => onChange(e.target.value ? assigneeFilter(e.target.value) : undefined)}
      >
        <option value="">Everyone’s leads</option>
        <option value="me">Mine</option>
        <option value="none">Unassigned</option>
        {/* A deactivated person's leads stay theirs until reassigned: they can be listed. */}
        {people
          .filter((m) => m.role !== 'viewer')
          .map((m) => (
            <option key={m.id} value={String(m.id)}>
              Assigned to {m.username}
              {m.active ? '' : ' (deactivated)'}
            </option>
          ))}
        {/* A person no longer in the team's list (an id typed into the address) stays choosable. */}
        {typeof value === 'number' && !people.some((m) => m.id === value) && (
          <option value={value}>Assigned to {assigneeName(people, value)}</option>
        )}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * "Assign to ..." for the leads selected in a list, each with the assignee the list showed. The
 * notice tells what became of them: "3 assigned, 1 changed meanwhile".
 */
export function BulkAssign<K extends LeadKind>({
  kind,
  selected,
  people,
  onDone,
}: {
  kind: K;
  selected: readonly Lead<K>[];
  people: readonly TeamMember[];
  onDone: () => void;
}) {
  const assign = useAssignLeads(kind);
  const to = (assigneeId: number | null) =>
    assign.mutate(
      { assigneeId, leads: selected.map((l) => ({ id: l.id, expectedAssigneeId: l.assigneeId })) },
      { onSuccess: onDone },
    );
  return (
    <HStack gap="3" flexWrap="wrap" data-testid="selection">
      <Text fontSize="sm">{selected.length} selected</Text>
      <PersonPicker
        label="Assign selected to"
        prompt="Assign to …"
        people={people.filter(worksLeads)}
        disabled={assign.isPending || selected.length === 0}
        onPick={to}
      />
      <Button
        size="xs"
        variant="outline"
        loading={assign.isPending}
        disabled={selected.length === 0}
        onClick={() => to(null)}
      >
        Unassign selected
      </Button>
    </HStack>
  );
}
