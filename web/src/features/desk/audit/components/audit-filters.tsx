import { Button, Field, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import type { FormEvent } from 'react';
import type { AuditFilters as Filters } from '../api/audit-entries.ts';

type Member = components['schemas']['TeamMember'];

const actionLabels = schemas.AuditAction['x-enum-labels'] as Record<string, string>;
const targetLabels = schemas.AuditTargetType['x-enum-labels'] as Record<string, string>;
const actorLabels = schemas.AuditActorKind['x-enum-labels'] as Record<string, string>;

/** A day picked in the form (the viewer's own time zone) as the instant it starts. */
const startOfDay = (day: string) => (day ? new Date(`${day}T00:00`).toISOString() : undefined);
const dayOf = (instant: string | undefined) => {
  if (!instant) return '';
  const d = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** "Who" is one choice: an account (by id) or a kind of actor without one. */
const whoOf = (f: Filters) => (f.actorId ? `account:${f.actorId}` : (f.actorKind ?? ''));

function Select(props: { label: string; name: string; value: string; options: [string, string][] }) {
  return (
    <Field.Root maxW="56">
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field name={props.name} defaultValue={props.value}>
          <option value="">All</option>
          {props.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect.Field>
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The audit page's filters; applying them starts again from the newest entry. */
export function AuditFilters(props: { filters: Filters; members: Member[]; onApply: (f: Filters) => void }) {
  const { filters, members } = props;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: string) => (form.get(name) as string | null)?.trim() || undefined;
    const who = value('who');
    const next: Filters = {
      ...(who?.startsWith('account:')
        ? { actorId: Number(who.slice('account:'.length)) }
        : who
          ? { actorKind: who as Filters['actorKind'] }
          : {}),
      action: value('action') as Filters['action'],
      targetType: value('targetType') as Filters['targetType'],
      targetId: value('targetId'),
      from: startOfDay(value('from') ?? ''),
      // Through the end of the day picked.
      to: value('to')
        ? new Date(Date.parse(startOfDay(value('to')!)!) + 86_400_000).toISOString()
        : undefined,
    };
    props.onApply(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as Filters);
  };
  const toDay = filters.to ? dayOf(new Date(Date.parse(filters.to) - 86_400_000).toISOString()) : '';
  return (
    <form onSubmit={submit} aria-label="Filter the audit log">
      <Stack gap="3">
        <HStack gap="3" flexWrap="wrap" align="flex-end">
          <Select
            label="Who"
            name="who"
            value={whoOf(filters)}
            options={[
              ...members.map((m): [string, string] => [`account:${m.id}`, m.username]),
              ...(['cli', 'system', 'anonymous'] as const).map((k): [string, string] => [k, actorLabels[k]!]),
            ]}
          />
          <Select
            label="Action"
            name="action"
            value={filters.action ?? ''}
            options={schemas.AuditAction.enum.map((a): [string, string] => [a, actionLabels[a]!])}
          />
          <Select
            label="Target"
            name="targetType"
            value={filters.targetType ?? ''}
            options={schemas.AuditTargetType.enum.map((t): [string, string] => [t, targetLabels[t]!])}
          />
          <Field.Root maxW="32">
            <Field.Label>Target id</Field.Label>
            <Input size="sm" name="targetId" defaultValue={filters.targetId ?? ''} maxLength={100} />
          </Field.Root>
          <Field.Root maxW="44">
            <Field.Label>From</Field.Label>
            <Input size="sm" type="date" name="from" defaultValue={dayOf(filters.from)} />
          </Field.Root>
          <Field.Root maxW="44">
            <Field.Label>To</Field.Label>
            <Input size="sm" type="date" name="to" defaultValue={toDay} />
          </Field.Root>
          <Button type="submit" size="sm">
            Apply filters
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
