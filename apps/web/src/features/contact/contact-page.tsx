import { type ContactRequest, contactRequestSchema } from '@cardwise/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { describeError } from '../../lib/api-errors.ts';
import { INDIA_CALLING_CODE, MOBILE_HINT, mobileNumberField } from '../../lib/phone-input.ts';
import {
  Field,
  FormAlert,
  inputClass,
  SubmitButton,
  TextField,
  unlessBusy,
} from '../accounts/form-controls.tsx';
import { usePageTitle } from '../layout/use-page-title.ts';
import { useSession } from '../layout/use-session.ts';
import { sendContactMessage } from './contact-api.ts';

type FormValues = { name: string; email: string; phone_number: string; subject: string; message: string };

/**
 * /contact: the contact form of platform spec §1, sent with POST accounts/contact (§7). The spec
 * does not show its fields; these are the contract's (contactRequestSchema), so the page and the
 * server check a message alike. A signed-in person's name and email are filled in for them.
 */
export default function ContactPage() {
  usePageTitle('Contact');
  const user = useSession();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  // The button that had focus disappears (sent) or is disabled (refused): focus and the view go to
  // what replaced it, or a phone shows the footer and a screen reader says nothing.
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  const focusMessage = useRef(false);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, z.output<typeof contactRequestSchema>>({
    resolver: zodResolver(contactRequestSchema) as never,
    mode: 'onTouched',
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      phone_number: '',
      subject: '',
      message: '',
    },
  });

  useEffect(() => {
    if (sent !== null) {
      sentHeading.current?.scrollIntoView({ block: 'center' });
      sentHeading.current?.focus({ preventScroll: true });
    } else if (focusMessage.current) {
      focusMessage.current = false;
      setFocus('message');
    }
  }, [sent, setFocus]);
  useEffect(() => {
    if (serverError === null) return;
    alertBox.current?.scrollIntoView({ block: 'center' });
    alertBox.current?.focus({ preventScroll: true });
  }, [serverError]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await sendContactMessage(values as ContactRequest);
      setSent(answer.detail);
      reset({ name: values.name, email: values.email, phone_number: '', subject: '', message: '' });
    } catch (error) {
      setServerError(describeError(error).message);
    }
  });

  return (
    <section className="container-page flex justify-center py-10 sm:py-16">
      <div className="w-full max-w-xl rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">Contact</h1>
        <p className="mt-1.5 text-sm text-muted-foreground">
          Questions about a card, a recommendation or an application? Write to us and we will reply by email.
        </p>
        {sent ? (
          <div className="mt-6 text-center">
            <CheckCircle2 className="mx-auto size-10 text-emerald-600" aria-hidden="true" />
            <h2 ref={sentHeading} tabIndex={-1} className="mt-3 font-semibold focus:outline-none">
              Message sent
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{sent}</p>
            <button
              type="button"
              className="btn-outline mt-6"
              onClick={() => {
                focusMessage.current = true;
                setSent(null);
              }}
            >
              Send another message
            </button>
          </div>
        ) : (
          <form
            onSubmit={unlessBusy(isSubmitting, onSubmit, () => setServerError(null))}
            noValidate
            className="mt-6 space-y-4"
          >
            <div ref={alertBox} tabIndex={-1} className="focus:outline-none">
              <FormAlert message={serverError} />
            </div>
            <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label="Mobile number (optional)"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              hint={MOBILE_HINT}
              adornment={INDIA_CALLING_CODE}
              error={errors.phone_number?.message}
              {...mobileNumberField(register('phone_number'))}
            />
            <TextField
              label="Subject (optional)"
              maxLength={200}
              error={errors.subject?.message}
              {...register('subject')}
            />
            <Field label="Message" error={errors.message?.message}>
              {({ id, describedBy, invalid }) => (
                <textarea
                  id={id}
                  rows={6}
                  maxLength={5000}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  className={inputClass}
                  {...register('message')}
                />
              )}
            </Field>
            <SubmitButton busy={isSubmitting} className="btn-primary w-full sm:w-auto">
              <Send className="size-4" aria-hidden="true" />
              {isSubmitting ? 'Sending…' : 'Send message'}
            </SubmitButton>
          </form>
        )}
      </div>
    </section>
  );
}
