import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../layout/use-session.ts';

/** Pages of the signed-in user: anonymous visitors go to /login and come back after. */
export function RequireSession({ children }: { children: ReactNode }) {
  const user = useSession();
  const location = useLocation();
  if (!user)
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <>{children}</>;
}
