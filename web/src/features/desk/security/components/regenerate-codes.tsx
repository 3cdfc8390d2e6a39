import { Heading, Stack, Text } from '@chakra-ui/react';
import { useRegenerateRecoveryCodes } from '../api/second-factor.ts';
import { AppCodeForm } from './app-code-form.tsx';

/** New recovery codes for a current code from the app; the old ones stop working. */
export function RegenerateCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const regenerate = useRegenerateRecoveryCodes();
  return (
    <Stack gap="3" as="section" aria-labelledby="new-codes-heading">
      <Heading as="h3" size="lg" id="new-codes-heading">
        Recovery codes
      </Heading>
      <Text>
        Lost your codes, or used most of them? Make ten new ones; the old ones stop working at once.
      </Text>
      <AppCodeForm
        name="Make new recovery codes"
        submitLabel="Make new recovery codes"
        pending={regenerate.isPending}
        error={regenerate.error}
        onCode={(code) => regenerate.mutate({ code }, { onSuccess: (a) => onCodes(a.recoveryCodes) })}
      />
    </Stack>
  );
}
