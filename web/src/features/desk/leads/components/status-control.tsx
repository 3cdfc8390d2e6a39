import { Badge, Button, HStack, NativeSelect, Stack } from '@chakra-ui/react';
import { schemas } from '@lead-desk/contract/values';
import type { Lead } from '../../shared/api/lead.ts';
import { useChangeLead } from '../api/leads.ts';
import { useCan } from '../../shared/api/session.ts';

const statusPalette: Record<string, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  contacted: 'blue',
  completed: 'green',
  active: 'green',
  cancelled: 'gray',
  declined: 'gray',
};

/** A status as a badge with a select to change it; the choices are the contract's enumeration. */
function StatusSelect<S extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: S;
  options: readonly S[];
  onChange: (status: S) => void;
}) {
  // A viewer sees the status, not a control it may not use.
  const mayChange = useCan('updateDemoRequest');
  return (
    <Stack gap="1">
      <Badge colorPalette={statusPalette[value]} alignSelf="flex-start" data-testid="status">
        {value}
      </Badge>
      {mayChange && (
        <NativeSelect.Root size="xs" width="32">
          <NativeSelect.Field
            aria-label={label}
            value={value}
            onChange={(e) => onChange(e.target.value as S)}
          >
            {options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
      )}
    </Stack>
  );
}

export function DemoStatus({ lead }: { lead: Lead<'demos'> }) {
  const change = useChangeLead('demos');
  return (
    <StatusSelect
      label={`Status of ${lead.name}`}
      value={lead.status}
      options={schemas.DemoStatus.enum}
      onChange={(status) => change.mutate({ id: lead.id, change: { status, expectedStatus: lead.status } })}
    />
  );
}

export function GetStartedStatus({ lead }: { lead: Lead<'get-started'> }) {
  const change = useChangeLead('get-started');
  return (
    <StatusSelect
      label={`Status of ${lead.name}`}
      value={lead.status}
      options={schemas.GetStartedStatus.enum}
      onChange={(status) => change.mutate({ id: lead.id, change: { status, expectedStatus: lead.status } })}
    />
  );
}

/**
 * Pending, active or inactive, with the one change an admin may make: deactivating. Only the
 * subscriber's own confirmation by email makes an address active again (docs/product.md#leads).
 */
export function SubscriberStatus({ lead }: { lead: Lead<'newsletters'> }) {
  const change = useChangeLead('newsletters');
  const mayChange = useCan('updateNewsletterSubscriber');
  const labels = schemas.NewsletterStatus['x-enum-labels'];
  return (
    <HStack>
      <Badge colorPalette={lead.status === 'inactive' ? 'gray' : statusPalette[lead.status]}>
        {labels[lead.status]}
      </Badge>
      {mayChange && lead.status !== 'inactive' && (
        <Button
          size="xs"
          variant="outline"
          loading={change.isPending}
          onClick={() => change.mutate({ id: lead.id, change: { status: 'inactive' } })}
          aria-label={`Deactivate ${lead.email}`}
        >
          Deactivate
        </Button>
      )}
    </HStack>
  );
}
