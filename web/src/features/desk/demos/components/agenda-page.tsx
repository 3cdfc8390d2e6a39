import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  Field,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import {
  agendaQuery,
  weekFrom,
  AGENDA_DAYS,
  type AgendaDemo,
  type AgendaSearch,
  type DemoAgenda,
  type TeamMember,
} from '../api/agenda.ts';

const statusLabels: Record<AgendaDemo['status'], string> = { pending: 'Pending', confirmed: 'Confirmed' };
const statusPalette: Record<AgendaDemo['status'], string> = { pending: 'orange', confirmed: 'green' };

/** A date of the agenda (YYYY-MM-DD) as the viewer's locale says it: "Monday, October 26, 2026". */
const dayFormat = new Intl.DateTimeFormat(undefined, {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const longDate = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/**
 * Times on the schedule's clock, naming the zone's offset: "09:00–09:30 GMT+2", and both ends'
 * when they differ ("02:30 GMT+2–02:00 GMT+1" across a fall-back night, whose 02:30 comes twice).
 */
function clock(timeZone: string) {
  const time = new Intl.DateTimeFormat(undefined, { timeZone, hour: '2-digit', minute: '2-digit' });
  const zoneName = new Intl.DateTimeFormat(undefined, { timeZone, timeZoneName: 'short' });
  const dated = new Intl.DateTimeFormat(undefined, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return {
    at: (iso: string) => ({
      time: time.format(new Date(iso)),
      zone: zoneName.formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')?.value ?? '',
    }),
    dated: (iso: string) => dated.format(new Date(iso)),
  };
}
type Clock = ReturnType<typeof clock>;

/**
 * /admin/agenda: the demos booked in a week, day by day on the schedule's clock, all hosts' or
 * one's (docs/demo-slots.md#the-agenda). The week and the host are the URL's (`search`); the
 * route reads the team's people for the host filter.
 */
export function AgendaPage(props: {
  search: AgendaSearch;
  people: readonly TeamMember[];
  onSearch: (search: AgendaSearch) => void;
}) {
  const { search, people, onSearch } = props;
  // The route's loader read this week before the page rendered; another week keeps the last one
  // shown until it comes.
  const { data, isFetching, isPlaceholderData } = useQuery(agendaQuery(search));
  if (!data) return null;
  const previous = weekFrom(data.from, -AGENDA_DAYS);
  const next = weekFrom(data.from, AGENDA_DAYS);
  const host = search.hostId === undefined ? {} : { hostId: search.hostId };
  const count = data.days.reduce((n, d) => n + d.demos.length, 0);
  const hostName = people.find((p) => p.id === search.hostId)?.username;
  const times = clock(data.timeZone);
  return (
    <Stack gap="6">
      <Stack gap="2">
        <Heading as="h2" size="xl">
          Demo agenda
        </Heading>
        <Text color="fg.muted">
          The demos booked, by day. Days and times are on the demo schedule’s clock:{' '}
          <Text as="strong" color="fg">
            {data.timeZone}
          </Text>{' '}
          (UTC while the team has no schedule).
        </Text>
      </Stack>
      <Flex gap="4" wrap="wrap" align="flex-end" justify="space-between">
        <HostFilter
          people={people}
          value={search.hostId}
          onChange={(hostId) => onSearch({ ...(search.from ? { from: search.from } : {}), ...hostId })}
        />
        <HStack gap="2" wrap="wrap" role="group" aria-label="Weeks">
          <Button
            size="sm"
            variant="outline"
            disabled={!previous}
            onClick={() => previous && onSearch({ from: previous, ...host })}
          >
            Previous week
          </Button>
          <Button size="sm" variant="outline" disabled={!search.from} onClick={() => onSearch(host)}>
            This week
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!next}
            onClick={() => next && onSearch({ from: next, ...host })}
          >
            Next week
          </Button>
        </HStack>
      </Flex>
      <Text role="status" aria-live="polite">
        {isPlaceholderData
          ? 'Loading the demos…'
          : `${count === 0 ? 'No demos' : count === 1 ? '1 demo' : `${count} demos`}${hostName ? ` for ${hostName}` : ''} from ${longDate(data.from)} to ${longDate(data.days.at(-1)!.date)}.`}
      </Text>
      <Stack gap="5" aria-busy={isFetching}>
        {data.days.map((day) => (
          <AgendaDay key={day.date} day={day} clock={times} />
        ))}
      </Stack>
    </Stack>
  );
}

function HostFilter(props: {
  people: readonly TeamMember[];
  value: number | undefined;
  onChange: (host: { hostId?: number }) => void;
}) {
  const { people, value } = props;
  // A host the URL names who is not among the team's people (a link from elsewhere) stays shown.
  const known = value === undefined || people.some((p) => p.id === value);
  return (
    <Field.Root maxW="72">
      <Field.Label>Host</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={value === undefined ? '' : String(value)}
          onChange={(e) =>
            props.onChange(e.currentTarget.value ? { hostId: Number(e.currentTarget.value) } : {})
          }
        >
          <option value="">All hosts</option>
          {people.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.active ? p.username : `${p.username} (deactivated)`}
            </option>
          ))}
          {!known && <option value={String(value)}>Account {value}</option>}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function AgendaDay({ day, clock }: { day: DemoAgenda['days'][number]; clock: Clock }) {
  const id = useId();
  return (
    <Stack as="section" gap="2" aria-labelledby={id}>
      <Heading as="h3" size="md" id={id}>
        {longDate(day.date)}
      </Heading>
      {day.demos.length === 0 ? (
        <Text color="fg.muted">No demos</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" ms="0">
          {day.demos.map((demo) => (
            <AgendaItem key={`${demo.leadId}-${demo.startsAt}`} demo={demo} clock={clock} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AgendaItem({ demo, clock }: { demo: AgendaDemo; clock: Clock }) {
  const [start, end] = [clock.at(demo.startsAt), clock.at(demo.endsAt)];
  return (
    <Box as="li" bg="white" borderWidth="1px" rounded="md" px="4" py="3">
      <Flex gap="2" columnGap="4" wrap="wrap" align="baseline">
        <Text as="span" fontWeight="semibold" whiteSpace="nowrap">
          <time dateTime={demo.startsAt}>
            {start.time}
            {start.zone !== end.zone && ` ${start.zone}`}
          </time>
          –<time dateTime={demo.endsAt}>{end.time}</time> {end.zone}
        </Text>
        <ChakraLink asChild variant="underline" fontWeight="medium" wordBreak="break-word">
          <Link to="/admin/$kind/$id" params={{ kind: 'demos', id: demo.leadId }}>
            {demo.name || 'Name erased'}
          </Link>
        </ChakraLink>
        {demo.company && (
          <Text as="span" color="fg.muted" wordBreak="break-word">
            {demo.company}
          </Text>
        )}
        <Text as="span" wordBreak="break-word">
          Host: {demo.host.username}
        </Text>
        <Badge colorPalette={statusPalette[demo.status]}>{statusLabels[demo.status]}</Badge>
      </Flex>
      {demo.previousStartsAt && (
        <Text fontSize="sm" color="fg.muted" mt="1">
          Moved from <time dateTime={demo.previousStartsAt}>{clock.dated(demo.previousStartsAt)}</time>
        </Text>
      )}
    </Box>
  );
}
