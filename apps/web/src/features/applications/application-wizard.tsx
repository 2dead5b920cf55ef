import { type Application, FINAL_STATUSES } from '@cardwise/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useContext, useEffect, useMemo, useRef } from 'react';
import {
  Navigate,
  Route,
  Routes,
  UNSAFE_DataRouterContext,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
import { toast } from 'sonner';
import { sessionEnded } from '../../lib/api-errors.ts';
import { TOAST_DURATION_MS } from '../../lib/notify.ts';
import { isCompleteJourneyBank, ownBankApplyPath, WIZARD_BANK_SLUG } from '../cards/apply-rule.ts';
import { cardKeys, fetchCard } from '../cards/cards-api.ts';
import { useSession } from '../layout/use-session.ts';
import { useTenant } from '../tenant/tenant-context.ts';
import { rememberCard } from './application-storage.ts';
import { ConfirmLeavingWizard } from './confirm-leaving-wizard.tsx';
import { EmploymentStep } from './employment-step.tsx';
import { useKeepChosenDocuments } from './keep-chosen-documents.ts';
import { KycStep } from './kyc-step.tsx';
import { LandingStep } from './landing-step.tsx';
import { PersonalStep } from './personal-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { SuccessStep } from './success-step.tsx';
import { UnlessSubmitted } from './unless-submitted.tsx';
import {
  applicationKey,
  basePath,
  progressFor,
  WIZARD_STEPS,
  WizardContext,
  type WizardContextValue,
  type WizardStepKey,
} from './wizard-context.ts';

/**
 * /cards/apply/hdfc/:cardId/* (application spec §2): the wizard frame around the six
 * steps. Anonymous visitors go to /login, a missing card id to /cards.
 */
export default function ApplicationWizard() {
  const user = useSession();
  const { cardId = '' } = useParams();
  const location = useLocation();
  if (!user)
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (!cardId.trim()) return <Navigate to="/cards" replace />;
  return <WizardFrame cardId={cardId} />;
}

export const CARD_LOAD_ERROR = 'Failed to load card details. Please try again.';

function stepFromPath(pathname: string, base: string): WizardStepKey {
  const rest = pathname.slice(pathname.indexOf(base) + base.length).replace(/^\/+|\/+$/g, '');
  const last = rest.split('/').pop() ?? '';
  const found = WIZARD_STEPS.find((s) => s.key === last && s.key !== 'landing');
  return found ? found.key : 'landing';
}

/** The application segment of a step's address ({base}/{applicationId}/{step}). */
function applicationFromPath(pathname: string, base: string): string {
  const rest = pathname.slice(pathname.indexOf(base) + base.length).replace(/^\/+|\/+$/g, '');
  const segment = rest.split('/')[0] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const PREVIOUS: Partial<Record<WizardStepKey, WizardStepKey>> = {
  employment: 'personal',
  kyc: 'employment',
  review: 'kyc',
};

/** The wizard's top padding and its Back row (a 2.75rem button and its 1.25rem margin). */
const WIZARD_TOP_ROW_HEIGHT = '5.5rem';

/**
 * The header's 'Back' said where it goes: each step also has a 'Back' under its form ('Back to the
 * previous step', StepButtons), and a screen reader's list of buttons had two identical 'Back'
 * entries, on the first step going to different places. The visible text stays the spec's 'Back'.
 */
export function headerBackLabel(step: WizardStepKey, from: unknown): string {
  if (step === 'landing') return 'Back to all cards';
  if (step === 'personal') {
    if (typeof from !== 'string' || !from.startsWith('/') || from === '/cards' || from.startsWith('/cards?'))
      return 'Back to all cards';
    return from.startsWith('/card/') ? 'Back to the card' : 'Back to where you started the application';
  }
  const previous = PREVIOUS[step];
  const label = WIZARD_STEPS.find((s) => s.key === previous)?.label;
  return label ? `Back to ${label}` : 'Back';
}

function WizardFrame({ cardId }: { cardId: string }) {
  const navigate = useNavigate();
  const { config } = useTenant();
  const location = useLocation();
  const card = useQuery({
    queryKey: cardKeys.detail(cardId),
    queryFn: () => fetchCard(cardId),
    meta: { toast: false },
  });
  useEffect(() => {
    // A session that ended while the card loaded is on its way to /login, already told why.
    if (!card.isError || sessionEnded(card.error)) return;
    toast.error('Error', { description: CARD_LOAD_ERROR, id: CARD_LOAD_ERROR, duration: TOAST_DURATION_MS });
    navigate('/cards', { replace: true });
  }, [card.isError, card.error, navigate]);
  useEffect(() => {
    if (card.data) rememberCard(card.data);
  }, [card.data]);

  const base = basePath(cardId);
  const pathStep = stepFromPath(location.pathname, base);
  // A submitted application opened at one of its steps shows the already-submitted panel
  // (UnlessSubmitted); the progress above it said "Step 2 of 6" beside it. It is at the end.
  const inAddress = pathStep === 'landing' ? '' : applicationFromPath(location.pathname, base);
  const shownApp = useQuery<Application>({ queryKey: applicationKey(inAddress), queryFn: skipToken });
  const submitted = shownApp.data !== undefined && FINAL_STATUSES.includes(shownApp.data.status);
  const step: WizardStepKey = submitted ? 'success' : pathStep;
  const index = WIZARD_STEPS.findIndex((s) => s.key === step);
  const { chosenDocuments, keepChosenDocuments } = useKeepChosenDocuments();
  const dataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  /** The step's card: its heading takes the focus back when the applicant stays. */
  const stepCard = useRef<HTMLDivElement>(null);
  const ctx = useMemo<WizardContextValue>(
    () => ({ card: card.data, cardId, base, chosenDocuments, keepChosenDocuments }),
    [card.data, cardId, base, chosenDocuments, keepChosenDocuments],
  );

  // A phone's toast comes down below the Back and 'Step n of 6' row (app-toaster.tsx), over the
  // progress bar rather than the step's controls.
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--cw-toast-below', WIZARD_TOP_ROW_HEIGHT);
    return () => {
      root.removeProperty('--cw-toast-below');
    };
  }, []);

  const from = (location.state as { from?: unknown } | null)?.from;
  const backLabel = headerBackLabel(step, from);
  const onBack = () => {
    if (step === 'landing') return navigate('/cards');
    if (step === 'personal')
      return navigate(typeof from === 'string' && from.startsWith('/') ? from : '/cards');
    const previous = PREVIOUS[step];
    if (!previous) return;
    const appSegment = location.pathname.slice(base.length).split('/').filter(Boolean)[0] ?? '';
    navigate(`${base}/${appSegment}/${previous}`, { replace: true, state: { card: card.data } });
  };

  if (card.isPending || card.isError) {
    return (
      <section className="container-page flex min-h-[50vh] items-center justify-center py-16">
        <p role="status" className="flex items-center gap-3 text-muted-foreground">
          <span className="size-5 animate-spin rounded-full border-2 border-primary border-t-transparent" />
          Loading card data...
        </p>
      </section>
    );
  }

  // A card whose bank takes applications on its own site (a link to this address, an edited URL):
  // the generic page says so and offers the bank's site, instead of a landing page whose Start
  // the server can only refuse. (A card of the wizard's own slug stays: its generic address is
  // this one.)
  const journeyBanks = config?.completeJourneyBanks;
  if (
    journeyBanks !== undefined &&
    !isCompleteJourneyBank(card.data, journeyBanks) &&
    card.data.bank.toLowerCase() !== WIZARD_BANK_SLUG
  ) {
    return <Navigate to={ownBankApplyPath(card.data)} replace />;
  }

  const progress = progressFor(step);
  return (
    <WizardContext.Provider value={ctx}>
      {/* useBlocker needs the app's data router; component tests mostly render a MemoryRouter. */}
      {chosenDocuments && dataRouter ? (
        <ConfirmLeavingWizard base={base} stayFocus={() => stepCard.current?.querySelector('h1')} />
      ) : null}
      <section className="container-page py-6 sm:py-10">
        <div className="mx-auto max-w-3xl">
          <div className="mb-5 flex items-center justify-between gap-3">
            {step !== 'success' ? (
              <button type="button" className="btn-ghost -ml-3 px-3" onClick={onBack} aria-label={backLabel}>
                <ArrowLeft className="size-4" aria-hidden="true" />
                Back
              </button>
            ) : (
              <span />
            )}
            <p className="text-sm font-medium text-muted-foreground" data-testid="wizard-step">
              Step {index + 1} of {WIZARD_STEPS.length}
            </p>
          </div>
          <div
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Application progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <div
              className="h-full rounded-full bg-primary transition-all"
              style={{ width: `${progress}%` }}
            />
          </div>
          <ol className="mt-4 flex items-start justify-between gap-1" aria-label="Steps">
            {WIZARD_STEPS.map((s, i) => (
              <li key={s.key} className="flex flex-1 flex-col items-center gap-1.5 text-center">
                <span
                  aria-current={i === index ? 'step' : undefined}
                  className={`size-3 rounded-full ${i < index ? 'bg-primary' : i === index ? 'bg-primary ring-4 ring-primary/25' : 'bg-muted-foreground/30'}`}
                />
                <span
                  className={`hidden text-[11px] leading-tight sm:block ${i === index ? 'font-semibold text-foreground' : 'text-muted-foreground'}`}
                >
                  {s.label}
                </span>
              </li>
            ))}
          </ol>
          <div ref={stepCard} className="mt-6 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8">
            <Routes>
              <Route index element={<LandingStep />} />
              <Route
                path=":applicationId/personal"
                element={
                  <UnlessSubmitted step="personal">
                    <PersonalStep />
                  </UnlessSubmitted>
                }
              />
              <Route
                path=":applicationId/employment"
                element={
                  <UnlessSubmitted step="employment">
                    <EmploymentStep />
                  </UnlessSubmitted>
                }
              />
              <Route
                path=":applicationId/kyc"
                element={
                  <UnlessSubmitted step="kyc">
                    <KycStep />
                  </UnlessSubmitted>
                }
              />
              <Route
                path=":applicationId/review"
                element={
                  <UnlessSubmitted step="review">
                    <ReviewStep />
                  </UnlessSubmitted>
                }
              />
              <Route path=":applicationId/success" element={<SuccessStep />} />
              <Route path="*" element={<Navigate to={base} replace />} />
            </Routes>
          </div>
        </div>
      </section>
    </WizardContext.Provider>
  );
}
