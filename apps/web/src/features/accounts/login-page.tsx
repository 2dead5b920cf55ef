import { type LoginRequest, loginRequestSchema, PASSWORD_RESET_MESSAGES } from '@cardwise/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../lib/api-errors.ts';
import { notify, toastUnanswered } from '../../lib/notify.ts';
import { Notice } from '../layout/notice.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { useSession } from '../layout/use-session.ts';
import { login } from './accounts-api.ts';
import { AuthCard, EmailField, FormAlert, SubmitButton, TextField, unlessBusy } from './form-controls.tsx';
import { ApplicationReturnNote, carriedFrom, returnPath } from './return-path.tsx';

/** The email sign-up hands over in the history entry's state. */
function carriedEmail(state: unknown): string | undefined {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : undefined;
}

/** Whether the history entry's state says the user just reset their password (reset-password-page). */
function afterReset(state: unknown): boolean {
  return (state as { notice?: unknown } | null)?.notice === 'password_reset';
}

/** /login: email and password (spec §7 POST accounts/login). */
export default function LoginPage() {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const session = useSession();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: carriedEmail(location.state) ?? params.get('email') ?? '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const session = await login(values);
      // Whatever was cached belonged to nobody (or to someone else).
      queryClient.clear();
      notify('Signed in', `Welcome back${session.name ? `, ${session.name.split(' ')[0]}` : ''}.`);
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      setServerError(describeError(error).message);
      toastUnanswered(error);
    }
  });

  return (
    <AuthCard
      title="Sign In"
      subtitle={
        <>
          New here?{' '}
          <Link
            to="/register"
            state={carriedFrom(location.state)}
            className="tap-inline font-semibold text-primary hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      {/* Said, not redirected: someone here while signed in may mean to switch accounts, and a
          form that silently signed them in over their session left them unsure whose it was. */}
      {session && !isSubmitting ? (
        <Notice className="mb-4" data-testid="signed-in-note">
          You are signed in
          {session.email ? (
            <>
              {' '}
              as <strong className="break-all">{session.email}</strong>
            </>
          ) : null}
          .{' '}
          <Link to="/profile" className="tap-inline font-semibold text-primary hover:underline">
            Go to your profile
          </Link>{' '}
          or{' '}
          <Link to="/logout" className="tap-inline font-semibold text-primary hover:underline">
            sign out
          </Link>{' '}
          to use another account.
        </Notice>
      ) : null}
      {session ? null : <ApplicationReturnNote state={location.state} action="Sign in" />}
      {afterReset(location.state) && !session ? (
        <Notice role="status" className="mb-4" data-testid="password-reset-note">
          {PASSWORD_RESET_MESSAGES.done}
        </Notice>
      ) : null}
      <form
        onSubmit={unlessBusy(isSubmitting, onSubmit, () => setServerError(null))}
        noValidate
        className="space-y-4"
      >
        <FormAlert message={serverError} />
        <EmailField error={errors.email?.message} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton busy={isSubmitting} className="btn-primary w-full">
          <LogIn className="size-4" aria-hidden="true" />
          {isSubmitting ? 'Signing in…' : 'Sign In'}
        </SubmitButton>
        <p className="text-center text-sm">
          {/* After the button: Shift+Tab from Sign In still reaches the password. The email typed so
              far goes along, in the history entry's state (not the address). */}
          <Link
            to="/forgot-password"
            state={{ email: watch('email') }}
            className="tap-inline font-semibold text-primary hover:underline"
          >
            Forgot password?
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
