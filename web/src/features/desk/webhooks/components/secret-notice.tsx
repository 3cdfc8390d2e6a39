import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

const COPY_RESET_MS = 2000;

/**
 * A signing secret, shown this once (the server never gives it out again: docs/webhooks.md), with
 * a copy button. It lives only in the page's memory: a reload or leaving the page forgets it.
 */
export function SecretNotice({
  secret,
  title,
  onDone,
}: {
  secret: string;
  title: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(null), COPY_RESET_MS);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Alert.Root status="warning" alignItems="flex-start" role="region" aria-label={title}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>
          <Stack gap="3" mt="2">
            <Text>
              Copy this signing secret now and store it where your receiver reads its settings. It will not be
              shown again; if it is lost, rotate the secret to get a new one.
            </Text>
            <Box
              as="code"
              data-testid="signing-secret"
              display="block"
              bg="white"
              color="gray.900"
              borderWidth="1px"
              rounded="md"
              p="3"
              fontSize="sm"
              wordBreak="break-all"
            >
              {secret}
            </Box>
            <HStack gap="3" flexWrap="wrap">
              <Button size="sm" variant="outline" colorPalette="blue" bg="white" onClick={() => void copy()}>
                Copy secret
              </Button>
              <Button size="sm" variant="outline" onClick={onDone}>
                I have stored it
              </Button>
              <Text aria-live="polite" fontSize="sm">
                {copied === 'yes' ? 'Copied to the clipboard.' : ''}
                {copied === 'failed' ? 'Could not copy: select the secret and copy it by hand.' : ''}
              </Text>
            </HStack>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
