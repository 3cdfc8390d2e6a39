import { Alert, Box, Button, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { notify } from '../../../../components/notices.tsx';

const FILE_NAME = 'lead-desk-recovery-codes.txt';

/**
 * The recovery codes, shown this once (the server keeps only their hashes): to copy, download or
 * write down before leaving (docs/operations.md#second-factor).
 */
export function RecoveryCodesPanel({
  codes,
  username,
  onDone,
}: {
  codes: string[];
  username: string;
  onDone: () => void;
}) {
  const text = [
    `Lead Desk recovery codes for ${username}`,
    'Each code signs in once, in place of a code from the authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () =>
        notify({ type: 'success', title: 'Copied', description: 'The recovery codes are on the clipboard.' }),
      () =>
        notify({
          type: 'error',
          title: 'Could not copy',
          description: 'Select the codes and copy them, or download them.',
        }),
    );
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: FILE_NAME });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Stack gap="4" as="section" aria-labelledby="recovery-codes-heading">
      <Heading as="h3" size="md" id="recovery-codes-heading">
        Your recovery codes
      </Heading>
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>They are shown only this once.</Alert.Title>
          <Alert.Description>
            Keep them apart from your phone (printed, or in a password manager). Each code signs you in once
            if you lose your authenticator app. Any earlier recovery codes no longer work.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Box borderWidth="1px" borderRadius="md" bg="white" p="4">
        <List.Root as="ol" aria-label="Recovery codes" listStyle="none" fontFamily="mono" gap="1">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List.Root>
      </Box>
      <HStack gap="3" flexWrap="wrap">
        <Button variant="outline" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="outline" onClick={download}>
          Download codes
        </Button>
        <Button colorPalette="blue" onClick={onDone}>
          I have saved my codes
        </Button>
      </HStack>
      <Text fontSize="sm" color="gray.600">
        Download saves them as {FILE_NAME}.
      </Text>
    </Stack>
  );
}
