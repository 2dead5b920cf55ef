import { LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { clearSession } from '../../lib/session.ts';
import { usePageTitle } from '../layout/use-page-title.ts';

/**
 * /logout: clears the stored session (spec §4: user, access and refresh). The
 * accounts issue adds the server call (POST accounts/logout) and preference reset.
 */
export default function LogoutPage() {
  usePageTitle('Signed out');
  useEffect(() => clearSession(), []);
  return (
    <section className="container-page py-24 text-center">
      <span className="mx-auto mb-5 inline-flex size-12 items-center justify-center rounded-full bg-accent text-primary">
        <LogOut className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight">You are signed out</h1>
      <p className="mt-3 text-muted-foreground">Your session on this device has been cleared.</p>
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
