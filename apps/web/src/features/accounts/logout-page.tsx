import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../layout/use-page-title.ts';
import { logout } from './accounts-api.ts';

/**
 * /logout: ends the session on the server (POST accounts/logout), then spec §4: clears
 * user, access and refresh, and drops every cached answer of the user, so preferences
 * are back to empty lists with desiredCardCount 1.
 */
export default function LogoutPage() {
  usePageTitle('Signed out');
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void logout().finally(() => {
      queryClient.clear();
      if (live) setDone(true);
    });
    return () => {
      live = false;
    };
  }, [queryClient]);
  return (
    <section className="container-page py-24 text-center" aria-busy={!done}>
      <span className="mx-auto mb-5 inline-flex size-12 items-center justify-center rounded-full bg-accent text-primary">
        <LogOut className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight">{done ? 'You are signed out' : 'Signing out…'}</h1>
      <p className="mt-3 text-muted-foreground">
        {done ? 'Your session on this device has ended.' : 'Ending your session.'}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/login" className="btn-primary">
          Sign In
        </Link>
        <Link to="/" className="btn-outline">
          Go home
        </Link>
      </div>
    </section>
  );
}
