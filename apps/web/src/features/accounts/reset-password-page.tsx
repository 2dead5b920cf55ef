import {
  PASSWORD_RESET_MESSAGES,
  type PasswordResetConfirm,
  passwordResetConfirmSchema,
} from '@cardwise/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { apiErrorCode, describeError, isApiError } from '../../lib/api-errors.ts';
import { toastUnanswered } from '../../lib/notify.ts';
import { usePageTitle } from '../layout/use-page-title.ts';
import { confirmPasswordReset } from './accounts-api.ts';
import { AuthCard, FormAlert, NewPasswordFields, SubmitButton, unlessBusy } from './form-controls.tsx';
import { clearSession } from './session-store.ts';

/** The link's token: in the history entry's state once the page has taken it off the address. */
function linkToken(state: unknown, params: URLSearchParams): string {
  const kept = (state as { token?: unknown } | null)?.token;
  return typeof kept === 'string' ? kept : (params.get('token') ?? '');
}

/** The server's message for one field of the form, when its refusal names one. */
function fieldError(error: unknown, path: string): string | undefined {
  if (!isApiError(error)) return undefined;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return undefined;
  const hit = errors.find((e) => (e as { path?: unknown })?.path === path) as
    | { message?: unknown }
    | undefined;
  return typeof hit?.message === 'string' ? hit.message : undefined;
}

/**
 * /reset-password?token=…: the emailed link's page (ADR 024). A new password under the rules of
 * sign-up and the password change, typed twice; then the user is signed out here too (every
 * session ended on the server) and sent to sign in with it, the email filled in.
 */
export default function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const token = linkToken(location.state, params);
  const [linkInvalid, setLinkInvalid] = useState(token === '');
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetConfirm>({
    resolver: zodResolver(passwordResetConfirmSchema),
    mode: 'onTouched',
    defaultValues: { token, password: '', confirm_password: '' },
  });

  // The token off the address bar, the browser's history list and any screenshot: it stays in
  // this history entry's state, so a reload still has it.
  const tokenInAddress = params.has('token');
  useEffect(() => {
    if (tokenInAddress)
      navigate({ pathname: location.pathname, search: '' }, { replace: true, state: { token } });
  }, [tokenInAddress, navigate, location.pathname, token]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await confirmPasswordReset({ ...values, token });
      // Every session of the account ended on the server; this browser's copy goes too.
      clearSession();
      queryClient.clear();
      // Said on the sign-in page itself, not in a toast: on a phone a toast covered its heading.
      navigate('/login', { replace: true, state: { email: answer.email, notice: 'password_reset' } });
    } catch (error) {
      if (apiErrorCode(error) === 'reset_link_invalid') {
        setLinkInvalid(true);
        return;
      }
      const password = fieldError(error, 'password');
      const confirm = fieldError(error, 'confirm_password');
      if (password || confirm) {
        if (password) setError('password', { message: password }, { shouldFocus: true });
        if (confirm) setError('confirm_password', { message: confirm }, { shouldFocus: !password });
        return;
      }
      setServerError(describeError(error).message);
      toastUnanswered(error);
    }
  });

  if (linkInvalid) {
    return (
      <AuthCard title="Choose a new password" subtitle="Reset links work once, for 30 minutes.">
        <div className="space-y-4" data-testid="reset-link-invalid">
          <FormAlert message={PASSWORD_RESET_MESSAGES.invalidLink} />
          <Link to="/forgot-password" className="btn-primary w-full">
            <Send className="size-4" aria-hidden="true" />
            Request a new link
          </Link>
          <p className="text-sm text-muted-foreground">
            Remember your password?{' '}
            <Link to="/login" className="tap-inline font-semibold text-primary hover:underline">
              Sign In
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Setting it signs you out on every device, so anyone else using your account is signed out too."
    >
      <form
        onSubmit={unlessBusy(isSubmitting, onSubmit, () => setServerError(null))}
        noValidate
        className="space-y-4"
      >
        <FormAlert message={serverError} />
        <NewPasswordFields
          password={{ label: 'New password', error: errors.password?.message, ...register('password') }}
          confirm={{
            label: 'Confirm new password',
            error: errors.confirm_password?.message,
            ...register('confirm_password'),
          }}
        />
        <SubmitButton busy={isSubmitting} className="btn-primary w-full">
          <KeyRound className="size-4" aria-hidden="true" />
          {isSubmitting ? 'Saving…' : 'Set new password'}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
