import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

const COPY_RESET_MS = 2000;

/** A code sample with a copy button whose "Copied!" state resets after 2 seconds. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_RESET_MS);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // Clipboard may be unavailable (permissions); the state still confirms the attempt.
    }
    setCopied(true);
  };
  return (
    <Box>
      <HStack justify="space-between" mb="1">
        <Text fontSize="sm" fontWeight="semibold">
          {label}
        </Text>
        <Button
          size="xs"
          variant="outline"
          onClick={copy}
          aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
        >
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </HStack>
      <Box
        as="pre"
        bg="gray.900"
        color="gray.100"
        p="4"
        rounded="md"
        overflowX="auto"
        fontSize="sm"
        tabIndex={0}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}
