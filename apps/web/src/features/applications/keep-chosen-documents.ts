import { useState } from 'react';
import { useLeaveWarning } from '../../lib/leave-warning.ts';
import type { ChosenDocuments } from './kyc-slots.ts';

/**
 * The wizard frame's hold on the KYC step's chosen and unsent files (kyc-step.tsx, ADR 017): kept
 * here, so a visit to another step does not drop them. Only this page holds them, so while it
 * does, a reload or a closed tab asks first, on whichever step the applicant is: the one place
 * that warns, as it is the one place that knows.
 */
export function useKeepChosenDocuments() {
  const [chosenDocuments, keepChosenDocuments] = useState<ChosenDocuments | null>(null);
  useLeaveWarning(chosenDocuments !== null);
  return { chosenDocuments, keepChosenDocuments };
}
