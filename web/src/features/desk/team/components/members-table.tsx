import { Badge, Button, Link as ChakraLink, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { notify } from '../../../../components/notices.tsx';
import { can, roleLabels, type Role } from '../../../../lib/roles.ts';
import {
  manageable,
  membersQuery,
  useChangeRole,
  useReassignAll,
  useSetActive,
  type TeamMember,
} from '../api/members.ts';
import { DataTable, type Column } from '../../shared/data-table.tsx';
import { refused } from './problem-notice.ts';

/**
 * Everyone with an account: role, address, active or not, and how many leads are assigned to them. The signed-in account changes the
 * roles it manages (docs/operations.md#roles) and deactivates or reactivates those accounts
 * (docs/operations.md#deactivation); its own row and the owner's offer nothing.
 */
export function MembersTable({ me }: { me: { username: string; role: Role } }) {
  const { data: members = [] } = useQuery(membersQuery);
  const roles = manageable(me.role);
  const mayManage = (m: TeamMember) => m.username !== me.username && roles.includes(m.role);
  const columns: Column<TeamMember>[] = [
    { header: 'Username', cell: (m) => m.username },
    { header: 'Email', cell: (m) => m.email ?? '—' },
    {
      header: 'Role',
      cell: (m) =>
        mayManage(m) ? (
          <RoleSelect member={m} roles={me.role === 'owner' ? [...roles, 'owner'] : roles} />
        ) : (
          <Text>{roleLabels[m.role]}</Text>
        ),
    },
    {
      header: 'Status',
      cell: (m) => (
        <Badge colorPalette={m.active ? 'green' : 'gray'}>{m.active ? 'Active' : 'Deactivated'}</Badge>
      ),
    },
    {
      header: 'Leads',
      cell: (m) => (
        <Stack gap="1" align="flex-start">
          {/* A person's leads are the lists filtered by them (docs/product.md#reassign-all). */}
          <ChakraLink asChild variant="underline">
            <Link
              to="/admin/$kind"
              params={{ kind: 'contacts' }}
              search={{ assignee: m.id }}
              aria-label={`Leads of ${m.username}`}
            >
              {m.assignedLeads} ({m.openLeads} open)
            </Link>
          </ChakraLink>
          {can(me.role, 'reassignMemberLeads') && m.assignedLeads > 0 && (
            <ReassignAll member={m} members={members} />
          )}
        </Stack>
      ),
    },
    { header: 'Actions', cell: (m) => mayManage(m) && <ActiveToggle member={m} /> },
  ];
  return <DataTable label="Team members" columns={columns} rows={members} rowKey={(m) => m.id} />;
}

function RoleSelect({ member, roles }: { member: TeamMember; roles: Role[] }) {
  const change = useChangeRole();
  const onChange = (role: Role) => {
    // Handing ownership on makes the owner an admin: asked once more.
    if (role === 'owner' && !window.confirm(`Hand ownership to ${member.username}? You become an admin.`))
      return;
    change.mutate(
      { id: member.id, role },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: 'Role changed',
            description: `${member.username} is now ${roleLabels[role]}.`,
          }),
        onError: refused('Could not change the role'),
      },
    );
  };
  return (
    <NativeSelect.Root size="sm" width="36" disabled={change.isPending}>
      <NativeSelect.Field
        aria-label={`Role of ${member.username}`}
        value={member.role}
        onChange={(e) => onChange(e.currentTarget.value as Role)}
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {roleLabels[r]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function ActiveToggle({ member }: { member: TeamMember }) {
  const setActive = useSetActive();
  const active = !member.active;
  const verb = active ? 'Reactivate' : 'Deactivate';
  return (
    <HStack>
      <Button
        size="xs"
        variant="outline"
        colorPalette={active ? 'green' : 'red'}
        loading={setActive.isPending}
        aria-label={`${verb} ${member.username}`}
        onClick={() =>
          setActive.mutate(
            { id: member.id, active },
            {
              onSuccess: () =>
                notify({
                  type: 'success',
                  title: active ? 'Reactivated' : 'Deactivated',
                  description: active
                    ? `${member.username} can sign in again.`
                    : `${member.username} is signed out and cannot sign in.`,
                }),
              onError: refused(`Could not ${verb.toLowerCase()} ${member.username}`),
            },
          )
        }
      >
        {verb}
      </Button>
    </HStack>
  );
}

/** "Reassign all to ...": every lead of this person, of every kind, to another who works leads. */
function ReassignAll({ member, members }: { member: TeamMember; members: TeamMember[] }) {
  const reassign = useReassignAll();
  const to = members.filter((o) => o.active && o.role !== 'viewer' && o.id !== member.id);
  const onPick = (target: TeamMember) => {
    if (
      !window.confirm(`Move all ${member.assignedLeads} leads of ${member.username} to ${target.username}?`)
    )
      return;
    // The answer through the mutation's promise, not per-call callbacks: the refetch that follows
    // it empties this person's leads, which removes this control before such callbacks would run.
    reassign.mutateAsync({ id: member.id, toAssigneeId: target.id }).then(
      ({ total }) =>
        notify({
          type: 'success',
          title: `${total} ${total === 1 ? 'lead' : 'leads'} reassigned`,
          description: `From ${member.username} to ${target.username}.`,
        }),
      refused('Nothing was reassigned'),
    );
  };
  return (
    <NativeSelect.Root size="xs" width="auto" minW="36" disabled={reassign.isPending}>
      <NativeSelect.Field
        aria-label={`Reassign all of ${member.username}’s leads to`}
        value=""
        onChange={(e) => {
          const target = to.find((o) => String(o.id) === e.currentTarget.value);
          if (target) onPick(target);
        }}
      >
        <option value="">Reassign all to …</option>
        {to.map((o) => (
          <option key={o.id} value={o.id}>
            {o.username}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
