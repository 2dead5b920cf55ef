import { FINAL_STATUSES } from '@cardwise/contracts';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import { TOAST_DURATION_MS } from '../../lib/notify.ts';
import { AlreadySubmittedPanel } from './already-submitted-dialog.tsx';
import {
  routeForStep,
  useApplication,
  useWizard,
  WIZARD_STEPS,
  type WizardStepKey,
} from './wizard-context.ts';

const order = (step: WizardStepKey) => WIZARD_STEPS.findIndex((s) => s.key === step);

/**
 * A step's form; once its application is submitted, the already-submitted panel instead; and
 * for a step the application has not reached yet (a bookmark, the address bar, history), the
 * step it is at, with the reason. Without this the later step's form was filled in (and on the
 * KYC step its files uploaded) only for the save to be refused, with a "Please try again" that
 * could never work.
 */
export function UnlessSubmitted({ step, children }: { step: WizardStepKey; children: ReactNode }) {
  const { cardId, base } = useWizard();
  const { query } = useApplication();
  const app = query.data;
  if (app && FINAL_STATUSES.includes(app.status)) return <AlreadySubmittedPanel info={app} cardId={cardId} />;
  if (app) {
    const reached = routeForStep(app.current_step);
    if (order(step) > order(reached))
      return (
        <NotReachedYet to={`${base}/${encodeURIComponent(app.reference_id)}/${reached}`} step={reached} />
      );
  }
  return children;
}

function NotReachedYet({ to, step }: { to: string; step: WizardStepKey }) {
  const label = WIZARD_STEPS.find((s) => s.key === step)?.label ?? '';
  useEffect(() => {
    const title = `Please complete ${label} first.`;
    toast.info(title, { id: title, duration: TOAST_DURATION_MS });
  }, [label]);
  return <Navigate to={to} replace />;
}
