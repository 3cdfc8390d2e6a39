import { Box, Button, Card, Field, Heading, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { notify } from '../../../components/notices.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/session.ts';

const loginSchema = z.object({
  username: z.string().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required'),
});
type LoginValues = z.infer<typeof loginSchema>;

export function LoginForm() {
  const [show, setShow] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const login = useLogin();
  const e = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onSuccess: () =>
        notify({
          type: 'success',
          title: 'Login successful',
          description: 'Welcome to the admin dashboard.',
        }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) {
          setFailure(error.detail ?? 'Too many failed login attempts. Please try again later.');
          notify({
            type: 'error',
            title: 'Login failed',
            description: error.detail ?? 'Too many failed login attempts.',
          });
          return;
        }
        if (error instanceof ApiError && error.status === 401) {
          setFailure('Invalid username or password');
          notify({
            type: 'error',
            title: 'Login failed',
            description: 'Invalid credentials. Please try again.',
          });
          return;
        }
        setFailure('The server could not be reached. Please try again.');
        notify({ type: 'error', title: 'Login failed', description: 'Please try again later.' });
      },
    });
  });

  return (
    <Box as="main" bg="gray.50" minH="100vh" py="16" px="4">
      <Card.Root maxW="sm" mx="auto">
        <Card.Header>
          <Heading as="h1" size="xl">
            Admin Login
          </Heading>
        </Card.Header>
        <Card.Body>
          <form noValidate aria-label="Admin login" onSubmit={submit}>
            <Stack gap="4">
              <Field.Root invalid={Boolean(e.username)} required>
                <Field.Label>Username</Field.Label>
                <Input autoComplete="username" {...form.register('username')} />
                <Field.ErrorText>{e.username?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(e.password)} required>
                <Field.Label>Password</Field.Label>
                <HStack width="full">
                  <Input
                    type={show ? 'text' : 'password'}
                    autoComplete="current-password"
                    {...form.register('password')}
                  />
                  <IconButton
                    variant="outline"
                    aria-label={show ? 'Hide password' : 'Show password'}
                    aria-pressed={show}
                    onClick={() => setShow((s) => !s)}
                  >
                    <span aria-hidden="true">{show ? '🙈' : '👁'}</span>
                  </IconButton>
                </HStack>
                <Field.ErrorText>{e.password?.message}</Field.ErrorText>
              </Field.Root>
              {failure && (
                <Text color="red.700" role="alert">
                  {failure}
                </Text>
              )}
              <Button type="submit" colorPalette="blue" disabled={login.isPending}>
                {login.isPending ? 'Logging in...' : 'Login'}
              </Button>
              <Button asChild variant="ghost">
                <Link to="/">Back to Website</Link>
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
