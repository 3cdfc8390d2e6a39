import { Alert, Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { components } from '@lead-desk/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../../components/form-fields.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { roleLabels } from '../../../../lib/roles.ts';
import {
  acceptSchema,
  invitationOfferQuery,
  useAcceptInvitation,
  type AcceptValues,
} from '../api/accept-invitation.ts';

type Session = components['schemas']['Session'];

/**
 * How this server lets an invitee in: with a password of their own, or (LOCAL_LOGIN=owner|off)
 * only through the identity provider, whose sign-in with the invited address accepts it.
 */
export interface AcceptWays {
  password: boolean;
  provider: { name: string; href: string } | null;
}

/**
 * /admin/join#token=...: the page a team invitation's link opens (docs/operations.md#team-invitations).
 * A link that no longer works says why, in the server's words.
 */
export function AcceptInvitation({
  token,
  ways,
  onSignedIn,
}: {
  token: string;
  /** Undefined until the server has said. */
  ways: AcceptWays | undefined;
  onSignedIn: (s: Session) => void;
}) {
  const offer = useQuery({ ...invitationOfferQuery(token), enabled: token !== '' });
  return (
    <Box as="main" bg="gray.50" minH="100vh" py="16" px="4">
      <Card.Root maxW="md" mx="auto">
        <Card.Header>
          <Heading as="h1" size="xl">
            Join the lead desk
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            {token === '' ? (
              <Problem text="This invitation link is incomplete. Open the link from the email again." />
            ) : offer.error ? (
              <Problem
                text={
                  (offer.error instanceof ApiError && offer.error.detail) ||
                  'The invitation could not be checked. Please try again later.'
                }
              />
            ) : offer.data && ways && !ways.password ? (
              ways.provider ? (
                <>
                  <Text>
                    You are invited as a {roleLabels[offer.data.role]}. Sign in with {ways.provider.name}{' '}
                    using {offer.data.email}: that makes your account.
                  </Text>
                  <Button asChild colorPalette="blue">
                    <a href={ways.provider.href}>Sign in with {ways.provider.name}</a>
                  </Button>
                </>
              ) : (
                <Problem text="Passwords are not used on this server and single sign-on is not set up: ask the owner of the desk." />
              )
            ) : offer.data && ways ? (
              <>
                <Text>
                  You are invited as a {roleLabels[offer.data.role]}. Choose the username and password you
                  will sign in with.
                </Text>
                <AcceptForm token={token} onSignedIn={onSignedIn} />
              </>
            ) : (
              <Text>Checking the invitation…</Text>
            )}
            <Button asChild variant="ghost">
              <Link to="/admin/login">Sign in instead</Link>
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

const FIELDS = ['email', 'username', 'password'] as const;

function AcceptForm({ token, onSignedIn }: { token: string; onSignedIn: (s: Session) => void }) {
  const form = useForm<AcceptValues, unknown, ReturnType<typeof acceptSchema.parse>>({
    resolver: zodResolver(acceptSchema),
    defaultValues: { email: '', username: '', password: '' },
  });
  const accept = useAcceptInvitation(token, onSignedIn);
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) =>
    accept.mutate(values, {
      onError: (e) => {
        const problems = e instanceof ApiError ? (e.problem?.errors ?? []) : [];
        const at = problems.filter((p) => FIELDS.some((f) => p.path === `/${f}`));
        for (const p of at) form.setError(p.path.slice(1) as (typeof FIELDS)[number], { message: p.message });
        if (at.length === 0)
          form.setError('root', {
            message: (e instanceof ApiError && e.detail) || 'Please try again later.',
          });
      },
    }),
  );
  return (
    <form noValidate method="post" aria-label="Accept the invitation" onSubmit={submit}>
      <Stack gap="3">
        <TextField
          label="Your email address"
          type="email"
          autoComplete="email"
          required
          registration={form.register('email')}
          error={errors.email}
        />
        <TextField
          label="Username"
          autoComplete="username"
          required
          registration={form.register('username')}
          error={errors.username}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          registration={form.register('password')}
          error={errors.password}
        />
        {errors.root && <Problem text={errors.root.message ?? ''} />}
        <Button type="submit" loading={accept.isPending}>
          Join
        </Button>
      </Stack>
    </form>
  );
}
