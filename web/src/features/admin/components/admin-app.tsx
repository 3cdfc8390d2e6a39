import { Center, Spinner } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notify } from '../../../components/notices.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { adminKey, sessionKey, sessionQuery } from '../api/session.ts';
import { Dashboard } from './dashboard.tsx';
import { LoginForm } from './login-form.tsx';

/** Any 401 from an admin call means the session ended: back to the login form, with a notice. */
function useSessionExpiry() {
  const qc = useQueryClient();
  useEffect(() => {
    const expired = (error: unknown) => error instanceof ApiError && error.status === 401;
    const onExpired = () => {
      if (qc.getQueryData(sessionKey) === null) return;
      qc.removeQueries({ queryKey: adminKey });
      qc.setQueryData(sessionKey, null);
      notify({ type: 'info', title: 'Session expired', description: 'Please log in again.' });
    };
    const unsubQueries = qc.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.query.queryKey[0] === adminKey[0] &&
        expired(event.query.state.error)
      )
        onExpired();
    });
    const unsubMutations = qc.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && expired(event.mutation?.state.error)) onExpired();
    });
    return () => {
      unsubQueries();
      unsubMutations();
    };
  }, [qc]);
}

export function AdminApp() {
  const session = useQuery(sessionQuery);
  useSessionExpiry();
  if (session.isPending) {
    return (
      <Center minH="60vh" role="status" aria-label="Loading">
        <Spinner size="lg" />
      </Center>
    );
  }
  return session.data ? <Dashboard username={session.data.username} /> : <LoginForm />;
}
