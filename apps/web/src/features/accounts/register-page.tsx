import { type SignupRequest, signupRequestSchema } from '@cardwise/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { apiErrorCode, describeError } from '../../lib/api-errors.ts';
import { notify, toastUnanswered } from '../../lib/notify.ts';
import { INDIA_CALLING_CODE, MOBILE_HINT, mobileNumberField } from '../../lib/phone-input.ts';
import { usePageTitle } from '../layout/use-page-title.ts';
import { login, signup } from './accounts-api.ts';
import {
  AuthCard,
  EmailField,
  FormAlert,
  NewPasswordFields,
  SubmitButton,
  TextField,
  unlessBusy,
} from './form-controls.tsx';
import { ApplicationReturnNote, carriedFrom, returnPath } from './return-path.tsx';

type FormValues = {
  full_name: string;
  email: string;
  phone_number: string;
  password: string;
  confirm_password: string;
  referral_code: string;
};

/** /register: spec §7 POST accounts/signup; the password is typed twice (spec §5). */
export default function RegisterPage() {
  usePageTitle('Sign Up');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  // The email of an account that already exists, for a way on to signing in with it.
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, z.output<typeof signupRequestSchema>>({
    resolver: zodResolver(signupRequestSchema) as never,
    mode: 'onTouched',
    defaultValues: {
      full_name: '',
      email: '',
      phone_number: '',
      password: '',
      confirm_password: '',
      referral_code: params.get('ref') ?? params.get('referral_code') ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setTakenEmail(null);
    try {
      const created = await signup(values as SignupRequest);
      // Signed in with what was just typed: sent on to a second form to type it all again, the
      // new user also found its toast over that form's heading on a phone.
      const session = await login({ email: values.email, password: values.password }).catch(() => null);
      if (session) {
        queryClient.clear();
        const first = session.name?.split(' ')[0];
        notify('Account created', `Welcome${first ? `, ${first}` : ''}. You are signed in.`);
        navigate(returnPath(location.state), { replace: true });
        return;
      }
      // The account exists either way; only the sign-in is left to do (a refused or failed call).
      notify('Account created', 'Please sign in with your new account.');
      // In the history entry's state, not the address: a query string stays in the browser's
      // history and in the server's request log of a reload.
      navigate('/login', { replace: true, state: { email: created.email, ...carriedFrom(location.state) } });
    } catch (error) {
      setServerError(describeError(error).message);
      if (apiErrorCode(error) === 'email_taken') setTakenEmail(values.email);
      toastUnanswered(error);
    }
  });

  return (
    <AuthCard
      title="Sign Up"
      subtitle={
        <>
          Already have an account?{' '}
          <Link
            to="/login"
            state={carriedFrom(location.state)}
            className="tap-inline font-semibold text-primary hover:underline"
          >
            Sign In
          </Link>
        </>
      }
    >
      <ApplicationReturnNote state={location.state} action="Create an account" />
      <form
        onSubmit={unlessBusy(isSubmitting, onSubmit, () => setServerError(null))}
        noValidate
        className="space-y-4"
      >
        <FormAlert
          message={serverError}
          action={
            takenEmail ? (
              <Link
                to="/login"
                state={{ email: takenEmail, ...carriedFrom(location.state) }}
                className="tap-inline font-semibold underline underline-offset-2"
              >
                Sign in with this email
              </Link>
            ) : null
          }
        />
        <TextField
          label="Full name"
          autoComplete="name"
          error={errors.full_name?.message}
          {...register('full_name')}
        />
        <EmailField error={errors.email?.message} {...register('email')} />
        <TextField
          label="Mobile number"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder="98765 43210"
          hint={MOBILE_HINT}
          adornment={INDIA_CALLING_CODE}
          error={errors.phone_number?.message}
          {...mobileNumberField(register('phone_number'))}
        />
        <NewPasswordFields
          password={{ label: 'Password', error: errors.password?.message, ...register('password') }}
          confirm={{
            label: 'Confirm password',
            error: errors.confirm_password?.message,
            ...register('confirm_password'),
          }}
        />
        <TextField
          label="Referral code (optional)"
          autoComplete="off"
          autoCapitalize="characters"
          error={errors.referral_code?.message}
          {...register('referral_code')}
        />
        <SubmitButton busy={isSubmitting} className="btn-primary w-full">
          <UserPlus className="size-4" aria-hidden="true" />
          {isSubmitting ? 'Creating account…' : 'Create account'}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
