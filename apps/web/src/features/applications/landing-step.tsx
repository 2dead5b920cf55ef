import { type AlreadySubmittedError, DOCUMENT_NAMES } from '@cardwise/contracts';
import { BadgeCheck, Clock, FileText, Gift, Loader2, ShieldCheck, Truck } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { isApiError, serverDetailOf, sessionEnded } from '../../lib/api-errors.ts';
import { useArrivalFocus } from '../../lib/arrival-focus.ts';
import { TOAST_DURATION_MS } from '../../lib/notify.ts';
import { returnFocusTo } from '../../lib/return-focus.ts';
import { usePageTitle } from '../layout/use-page-title.ts';
import { AlreadySubmittedDialog } from './already-submitted-dialog.tsx';
import { storeApplication } from './application-storage.ts';
import { alreadySubmittedOf, startApplication } from './applications-api.ts';
import { routeForStep, useWizard } from './wizard-context.ts';

const TILES = [
  { icon: Clock, title: 'Quick Approval', text: 'Instant approval' },
  { icon: Gift, title: 'Exclusive Benefits', text: 'Premium rewards and offers' },
  { icon: ShieldCheck, title: 'Secure Process', text: 'Bank-level security' },
  { icon: Truck, title: 'Fast Processing', text: 'Card delivered within 3-5 working days' },
];

const DOCUMENTS = [
  { title: DOCUMENT_NAMES.pan.title, text: 'Mandatory' },
  {
    title: DOCUMENT_NAMES.address_proof.title,
    text: 'Aadhaar, Passport or Utility Bill, not older than 3 months',
  },
  { title: DOCUMENT_NAMES.income_proof.title, text: 'Salary slip or bank statement, last 3 months' },
  { title: 'Passport size photograph', text: 'Recent, colour' },
];

export const START_FAILED = 'Failed to start application. Please try again.';

/** Landing (spec §2): what the application needs, and Start Application. */
export function LandingStep() {
  const { card, cardId, base } = useWizard();
  // Arriving from the card page's Apply dialog, focus fell to <body> with the dialog: every later
  // step's heading takes it, and so does this one's.
  const heading = useArrivalFocus<HTMLHeadingElement>();
  const navigate = useNavigate();
  const location = useLocation();
  usePageTitle(card ? `Apply for ${card.name}` : 'Card Application');
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState<AlreadySubmittedError | null>(null);
  const busy = useRef(false);
  const startButton = useRef<HTMLButtonElement>(null);

  const start = async () => {
    if (busy.current) return;
    if (!cardId) {
      toast.error('Error', { description: 'Card ID is missing.', duration: TOAST_DURATION_MS });
      return;
    }
    busy.current = true;
    setPending(true);
    try {
      const app = await startApplication(cardId);
      storeApplication(app, app.is_new);
      toast.success(app.is_existing ? 'Application Resumed' : 'Application Started', {
        description: `Reference ID: ${app.reference_id}`,
        duration: TOAST_DURATION_MS,
      });
      const from = (location.state as { from?: unknown } | null)?.from;
      navigate(`${base}/${app.reference_id}/${routeForStep(app.current_step)}`, {
        replace: true,
        state: {
          card,
          application: app,
          isNewApplication: app.is_new,
          isExistingApplication: app.is_existing,
          ...(typeof from === 'string' ? { from } : {}),
        },
      });
    } catch (error) {
      const already = alreadySubmittedOf(error);
      if (already) {
        setSubmitted(already);
      } else if (sessionEnded(error)) {
        // The session's own handler has said so and is on its way to /login.
      } else {
        // Spec §8 "Start fails": the server's detail, else its fallback; a call that got no
        // answer (network, unreadable body) is an exception and says its own message.
        const message = isApiError(error)
          ? error.kind === 'http'
            ? (serverDetailOf(error) ?? START_FAILED)
            : error.message
          : error instanceof Error
            ? error.message || 'An unexpected error occurred.'
            : 'An unexpected error occurred.';
        // A call that got no answer is the catalogue's 'Network Error' (application spec §8
        // "Network and session errors"), as on every other screen.
        const title = isApiError(error) && error.kind === 'network' ? error.title : 'Error';
        toast.error(title, { description: message, duration: TOAST_DURATION_MS });
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return (
    <div>
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight sm:text-3xl focus:outline-none"
      >
        Apply for {card?.name ?? 'this card'}
      </h1>
      {card ? <p className="mt-1 text-muted-foreground">{card.bank_name}</p> : null}
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {TILES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex items-start gap-3 rounded-xl border border-border p-4">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="block text-sm text-muted-foreground">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      {/* The tiles are the spec's words; 'Instant approval' beside a bank's own decision read as
          our promise. */}
      <p className="mt-3 text-xs text-muted-foreground" data-testid="bank-decides">
        Approval and delivery times are as {card?.bank_name ?? 'the bank'} states them; the bank decides each
        application.
      </p>
      <h2 className="mt-8 text-lg font-semibold">Documents you'll need</h2>
      <ul className="mt-3 space-y-2">
        {DOCUMENTS.map((d) => (
          <li key={d.title} className="flex items-start gap-3 text-sm">
            <FileText className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <span className="font-medium">{d.title}</span>
              <span className="text-muted-foreground"> ({d.text})</span>
            </span>
          </li>
        ))}
      </ul>
      {/* The spec's list above names a photograph and leaves out Aadhaar, which the documents step
          asks for: said here, an applicant prepares the files the wizard takes. */}
      <p className="mt-3 text-sm text-muted-foreground" data-testid="documents-uploaded-here">
        Here you upload your PAN card, both sides of your Aadhaar card and an address proof, and an income
        proof if you have one. Keep the photograph at hand for the bank, which asks for it if it needs it.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-between">
        <Link to={`/card/${encodeURIComponent(cardId)}`} className="btn-outline">
          Back to Card Details
        </Link>
        <button ref={startButton} type="button" className="btn-primary" onClick={start} disabled={pending}>
          {pending ? (
            <>
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              Starting Application...
            </>
          ) : (
            <>
              <BadgeCheck className="size-4" aria-hidden="true" />
              Start Application
            </>
          )}
        </button>
      </div>
      <AlreadySubmittedDialog
        info={submitted}
        cardId={cardId}
        onOpenChange={(open) => !open && setSubmitted(null)}
        onCloseAutoFocus={returnFocusTo(() => startButton.current)}
      />
    </div>
  );
}
