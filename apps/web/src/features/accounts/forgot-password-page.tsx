import { type PasswordResetRequest, passwordResetRequestSchema } from '@cardwise/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { describeError } from '../../lib/api-errors.ts';
import { toastUnanswered } from '../../lib/notify.ts';
import { Notice } from '../layout/notice.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { requestPasswordReset } from './accounts-api.ts';
import { AuthCard, EmailField, FormAlert, SubmitButton, unlessBusy } from './form-controls.tsx';

/** The email the sign-in form hands over in the history entry's state. */
function carriedEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/**
 * /forgot-password: the email of the account, and then the server's one answer, the same whether
 * or not an account has that email (ADR 002, 024): the page never says which.
 */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequest>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: carriedEmail(location.state) },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      setAnswer((await requestPasswordReset(values)).detail);
    } catch (error) {
      setServerError(describeError(error).message);
      toastUnanswered(error);
    }
  });

  return (
    <AuthCard
      title="Forgot password"
      subtitle={
        <>
          Remembered it?{' '}
          <Link to="/login" className="tap-inline font-semibold text-primary hover:underline">
            Sign In
          </Link>
        </>
      }
    >
      {answer ? (
        <div className="space-y-4">
          <Notice role="status" icon={MailCheck} iconClassName="text-primary" data-testid="reset-requested">
            {answer}
          </Notice>
          <p className="text-sm text-muted-foreground">
            Nothing arrived? Check your spam folder, or{' '}
            <button
              type="button"
              className="tap-inline font-semibold text-primary hover:underline"
              onClick={() => setAnswer(null)}
            >
              ask again
            </button>
            .
          </p>
        </div>
      ) : (
        <form
          onSubmit={unlessBusy(isSubmitting, onSubmit, () => setServerError(null))}
          noValidate
          className="space-y-4"
        >
          <p className="text-sm text-muted-foreground">
            Enter the email of your account and we will send you a link to choose a new password.
          </p>
          <FormAlert message={serverError} />
          <EmailField error={errors.email?.message} {...register('email')} />
          <SubmitButton busy={isSubmitting} className="btn-primary w-full">
            <Send className="size-4" aria-hidden="true" />
            {isSubmitting ? 'Sending…' : 'Send reset link'}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
