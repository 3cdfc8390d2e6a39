import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useCancelInvitation } from '../api/invitation.ts';
import type { Lead } from '../../shared/api/lead.ts';

/** Cancelling emails the prospect at once, so it asks once more before it does. */
export function CancelInvitation({ demo }: { demo: Lead<'demos'> }) {
  const cancel = useCancelInvitation(demo.id);
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <Button variant="outline" colorPalette="red" onClick={() => setAsking(true)}>
        Cancel invitation
      </Button>
    );
  return (
    <HStack gap="3" flexWrap="wrap" role="group" aria-label="Confirm the cancellation">
      <Text>{demo.email} will get a cancellation and the demo becomes cancelled.</Text>
      <Button
        colorPalette="red"
        loading={cancel.isPending}
        loadingText="Cancelling..."
        autoFocus
        // Awaited rather than given callbacks: the demo, once cancelled, has no invitation to
        // cancel, so this button is gone before a callback of mutate() would run.
        onClick={async () => {
          try {
            await cancel.mutateAsync();
            notify({ type: 'success', title: 'Invitation cancelled', description: 'The demo is cancelled.' });
          } catch (error) {
            notify({
              type: 'error',
              title: 'Could not cancel the invitation',
              description: (error instanceof ApiError && error.detail) || 'Please try again later.',
            });
          }
        }}
      >
        Yes, cancel the demo
      </Button>
      <Button variant="outline" onClick={() => setAsking(false)}>
        Keep it
      </Button>
    </HStack>
  );
}
