import { FINAL_STATUSES } from '@cardwise/contracts';
import type { ReactNode } from 'react';
import { AlreadySubmittedPanel } from './already-submitted-dialog.tsx';
import { useApplication, useWizard } from './wizard-context.ts';

/** A step's form, or, once its application is submitted, the already-submitted panel instead. */
export function UnlessSubmitted({ children }: { children: ReactNode }) {
  const { cardId } = useWizard();
  const { query } = useApplication();
  const app = query.data;
  if (app && FINAL_STATUSES.includes(app.status)) return <AlreadySubmittedPanel info={app} cardId={cardId} />;
  return children;
}
