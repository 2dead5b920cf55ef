import { type Application, type CardDetail, FINAL_STATUSES } from '@cardwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useParams } from 'react-router';
import { WIZARD_BANK_SLUG } from '../cards/apply-rule.ts';
import { storeApplication, storedApplicationId, storedReferenceId } from './application-storage.ts';
import { fetchApplication } from './applications-api.ts';
import type { ChosenDocuments } from './kyc-slots.ts';

/** The built-in complete-journey bank's slug (spec §2, §9). */
export const BANK_SLUG = WIZARD_BANK_SLUG;

export const WIZARD_STEPS = [
  { key: 'landing', label: 'Get Started' },
  { key: 'personal', label: 'Personal Details' },
  { key: 'employment', label: 'Employment & Income' },
  { key: 'kyc', label: 'KYC & Documents' },
  { key: 'review', label: 'Review & Submit' },
  { key: 'success', label: 'Application Submitted' },
] as const;
export type WizardStepKey = (typeof WIZARD_STEPS)[number]['key'];

/** Spec §2: 10% on landing, 90% on review, 100% on success, otherwise proportional, capped at 90. */
export function progressFor(step: WizardStepKey): number {
  if (step === 'landing') return 10;
  if (step === 'review') return 90;
  if (step === 'success') return 100;
  const index = WIZARD_STEPS.findIndex((s) => s.key === step);
  return Math.min(90, Math.round(((index + 1) / WIZARD_STEPS.length) * 100));
}

/** Spec §2: the step segment from current_step by prefix; anything else is personal. */
export function routeForStep(
  currentStep: string | null | undefined,
): 'personal' | 'employment' | 'kyc' | 'review' {
  const s = (currentStep ?? '').toLowerCase();
  if (s.startsWith('personal')) return 'personal';
  if (s.startsWith('employment')) return 'employment';
  if (s.startsWith('kyc') || s.startsWith('document_upload')) return 'kyc';
  if (s.startsWith('review')) return 'review';
  return 'personal';
}

export const basePath = (cardId: string) => `/cards/apply/${BANK_SLUG}/${encodeURIComponent(cardId)}`;

export interface WizardContextValue {
  card: CardDetail | undefined;
  cardId: string;
  base: string;
  /**
   * Files chosen on the KYC step and not sent yet, kept by the frame while the applicant is on
   * another step of the wizard (kyc-step.tsx says why); absent outside the frame.
   */
  chosenDocuments?: ChosenDocuments | null;
  keepChosenDocuments?: (chosen: ChosenDocuments | null) => void;
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const ctx = useContext(WizardContext);
  if (!ctx) throw new Error('useWizard outside the application wizard');
  return ctx;
}

export const applicationKey = (id: string) => ['applications', 'detail', id] as const;

/**
 * Which application a step works on: the numeric id in local storage when it belongs to
 * the reference id in the address (spec §2/§3), else the address's reference id itself.
 */
export function useApplicationId(): string | null {
  const { applicationId: fromUrl } = useParams();
  const stored = storedApplicationId();
  const storedRef = storedReferenceId();
  if (stored && (!fromUrl || fromUrl === storedRef || fromUrl === stored)) return stored;
  return fromUrl ?? stored;
}

/**
 * The server's application (steps prefill from it), kept in the browser's copy too. A step
 * asks the server for it once when it arrives (a resumed or reloaded step shows what the
 * server holds, not an older copy), and every part of the step shares that answer: a part that
 * mounts only once the answer is there (a form's save, below the step's loading text) says
 * `nested`, and reads it instead of asking again.
 */
export function useApplication({ nested = false }: { nested?: boolean } = {}) {
  const id = useApplicationId();
  const { applicationId: inAddress } = useParams();
  // Keyed by the application the address names, not by `id`: the first answer stores the
  // numeric id, which turns `id` from the reference into that number, and a key following it
  // asked the server for the same application a second time.
  const key = applicationKey(inAddress ?? id ?? '');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      const app = await fetchApplication(id as string);
      // A submitted application is no longer a draft: the browser keeps no copy of it.
      if (!FINAL_STATUSES.includes(app.status)) storeApplication(app);
      return app;
    },
    enabled: id !== null,
    staleTime: 0,
    refetchOnMount: !nested,
  });
  const update = (app: Application) => {
    storeApplication(app);
    queryClient.setQueryData(key, app);
  };
  return { id, query, update };
}
