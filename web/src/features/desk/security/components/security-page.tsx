import { Alert, Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { components } from '@lead-desk/contract';
import { sessionQuery } from '../../shared/api/session.ts';
import { Enrolment } from './enrolment.tsx';
import { RecoveryCodesPanel } from './recovery-codes.tsx';
import { RegenerateCodes } from './regenerate-codes.tsx';

type Policy = components['schemas']['SecondFactorStatus']['policy'];

/**
 * When the desk asks for the code. An account without a password signs in only through the
 * identity provider, which the desk trusts for the second factor unless ADMIN_MFA=required and
 * its token states none (docs/operations.md#single-sign-on).
 */
function statusOf(enrolled: boolean, hasPassword: boolean, policy: Policy): string {
  if (hasPassword)
    return enrolled
      ? 'Each sign-in asks for a code from your authenticator app.'
      : 'Your account signs in with the password alone.';
  if (enrolled && policy === 'required')
    return 'After your identity provider, each sign-in asks for a code from your authenticator app, unless the provider states a second factor of its own.';
  return 'Your account signs in through your identity provider, which is in charge of its second factor.';
}

/**
 * /admin/security: the admin's second factor (docs/operations.md#second-factor). Under
 * ADMIN_MFA=required an admin without one sees only this page, and only its enrolment, until done.
 */
export function SecurityPage() {
  const { data: session } = useSuspenseQuery(sessionQuery);
  const navigate = useNavigate();
  const [codes, setCodes] = useState<string[] | null>(null);
  // While a new app is being added, a code for new recovery codes would only confuse.
  const [enrolling, setEnrolling] = useState(false);
  // Sent here to enrol first: once the codes are saved, the desk is next.
  const [sentHere] = useState(() => Boolean(session?.secondFactor.mustEnrol));
  if (!session) return null;
  const { policy, enrolled, mustEnrol, recoveryCodesLeft } = session.secondFactor;

  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h2" size="xl">
        Two-step sign-in
      </Heading>
      {policy === 'off' ? (
        <Text>
          Two-step sign-in is turned off on this server (ADMIN_MFA=off): the password alone signs in.
        </Text>
      ) : (
        <>
          <HStack gap="3" flexWrap="wrap" data-testid="second-factor-status">
            <Badge colorPalette={enrolled ? 'green' : 'orange'} size="lg">
              {enrolled ? 'On' : 'Off'}
            </Badge>
            <Text>{statusOf(enrolled, session.hasPassword, policy)}</Text>
          </HStack>
          {enrolled && (
            <Text data-testid="recovery-codes-left">
              Recovery codes left: {recoveryCodesLeft}
              {recoveryCodesLeft <= 2 && ' (make new ones below before you run out)'}
            </Text>
          )}
          {mustEnrol && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Set up two-step sign-in to use the desk.</Alert.Title>
                <Alert.Description>
                  This server asks every admin for a code from an authenticator app. Until yours is set up,
                  the desk shows only this page.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {codes ? (
            <RecoveryCodesPanel
              codes={codes}
              username={session.username}
              onDone={() => {
                setCodes(null);
                if (sentHere) void navigate({ to: '/admin' });
              }}
            />
          ) : (
            <>
              <Stack gap="3" as="section" aria-labelledby="authenticator-heading">
                <Heading as="h3" size="lg" id="authenticator-heading">
                  Authenticator app
                </Heading>
                <Enrolment
                  enrolled={enrolled}
                  hasPassword={session.hasPassword}
                  onConfirmed={setCodes}
                  onActive={setEnrolling}
                />
              </Stack>
              {enrolled && !enrolling && <RegenerateCodes onCodes={setCodes} />}
            </>
          )}
        </>
      )}
    </Stack>
  );
}
