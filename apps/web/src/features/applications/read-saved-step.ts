import type { Application } from '@cardwise/contracts';
import { storedDraftOf } from './application-storage.ts';

/**
 * A content step's saved answer: the server's, else the browser's copy of this application's
 * draft (spec §3), else nothing yet.
 */
export function readSavedStep(
  app: Application | undefined,
  step: 'personal_details' | 'employment_details',
): Record<string, unknown> {
  const server = app?.application_data[step] as Record<string, unknown> | null | undefined;
  const stored = storedDraftOf(app)?.application_data[step] as Record<string, unknown> | undefined;
  return server ?? stored ?? {};
}
