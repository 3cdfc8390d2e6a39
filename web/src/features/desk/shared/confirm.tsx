import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';

/** An inline "are you sure?": focus moves to it; Cancel (or Escape) goes back without acting. */
export function Confirm({
  question,
  detail,
  action,
  danger,
  pending,
  onConfirm,
  onCancel,
}: {
  question: string;
  detail: string;
  action: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  // The safe choice has the focus, so Enter right after the first click does not confirm.
  useEffect(() => cancel.current?.focus(), []);
  return (
    <Alert.Root
      status={danger ? 'error' : 'warning'}
      role="group"
      aria-labelledby={`${id}-q`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <Alert.Content>
        <Stack gap="3">
          <Alert.Title id={`${id}-q`}>{question}</Alert.Title>
          <Text>{detail}</Text>
          <HStack gap="3">
            <Button size="sm" colorPalette={danger ? 'red' : 'blue'} loading={pending} onClick={onConfirm}>
              {action}
            </Button>
            <Button size="sm" variant="outline" ref={cancel} onClick={onCancel}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
