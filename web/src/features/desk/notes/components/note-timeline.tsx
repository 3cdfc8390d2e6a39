import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { notesQuery, useDeleteNote, type LeadNote, type NoteLead } from '../api/notes.ts';

/** One line of a lead's history: when it happened, and how it reads. */
export interface TimelineEntry {
  at: string;
  key: string;
  node: ReactNode;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => <time dateTime={iso}>{dateTime.format(new Date(iso))}</time>;

/** The current time, again every 15 seconds: a note's delete button goes when its 15 minutes do. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function NoteEntry({ lead, note, deletable }: { lead: NoteLead; note: LeadNote; deletable: boolean }) {
  const remove = useDeleteNote(lead);
  if (note.deleted)
    return (
      <Box borderLeftWidth="3px" borderColor="gray.400" pl="3" data-testid="note">
        <Text fontSize="sm" color="gray.700">
          <Text as="span" fontWeight="semibold" color="fg">
            Note deleted
          </Text>{' '}
          · {when(note.deleted.at)} · by {note.deleted.by.username}
        </Text>
      </Box>
    );
  return (
    <Box borderLeftWidth="3px" borderColor="purple.500" pl="3" data-testid="note">
      <HStack gap="2" flexWrap="wrap">
        <Text as="span" fontWeight="semibold">
          Note
        </Text>
        <Text as="span" fontSize="sm" color="gray.700">
          {when(note.at)} · by {note.author.username}
        </Text>
        {deletable && (
          <Button
            size="xs"
            variant="outline"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(note.id, {
                onError: (e) =>
                  notify({
                    type: 'error',
                    title: 'Could not delete the note',
                    description: (e instanceof ApiError && e.detail) || 'Please try again later.',
                  }),
              })
            }
          >
            Delete note
          </Button>
        )}
      </HStack>
      <Text whiteSpace="pre-wrap">{note.text}</Text>
    </Box>
  );
}

/**
 * A lead's notes as lines of its history (docs/product.md#notes): a deleted one at the time it was
 * deleted, by whom. Its author may delete a note while its 15 minutes last.
 */
export function useNoteTimeline(
  lead: NoteLead,
  me: { username?: string; mayWrite: boolean },
): TimelineEntry[] {
  const { data } = useQuery(notesQuery(lead));
  const now = useNow();
  return (data ?? []).map((note) => ({
    at: note.deleted?.at ?? note.at,
    key: `note-${note.id}`,
    node: (
      <NoteEntry
        lead={lead}
        note={note}
        deletable={
          me.mayWrite && note.author.username === me.username && now < Date.parse(note.deletableUntil)
        }
      />
    ),
  }));
}
