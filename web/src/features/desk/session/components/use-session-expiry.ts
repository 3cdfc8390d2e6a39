import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { notify } from '../../../../components/notices.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { adminKey, sessionKey } from '../../shared/api/session.ts';

/**
 * Any 401 from an admin call means the session ended: to the login form, with a notice, and back to
 * the same place after signing in again.
 */
export function useSessionExpiry() {
  const qc = useQueryClient();
  const router = useRouter();
  useEffect(() => {
    const expired = (error: unknown) => error instanceof ApiError && error.status === 401;
    const onExpired = () => {
      if (!qc.getQueryData(sessionKey)) return;
      qc.setQueryData(sessionKey, null);
      notify({ type: 'info', title: 'Session expired', description: 'Please log in again.' });
      const { href } = router.state.location;
      void router.navigate({ to: '/admin/login', search: { redirect: href } }).then(() =>
        // Only once the desk has gone, or its lists would ask again (and be refused again).
        qc.removeQueries({ queryKey: adminKey }),
      );
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
  }, [qc, router]);
}
