import type { Application } from '@cardwise/contracts';
import type { ReactNode } from 'react';
import { APPLICATION_UNREADABLE, RedError } from './step-form.tsx';
import { useApplication, useWizard } from './wizard-context.ts';

/**
 * What a step shows until its application is read, and instead of it when it cannot be: the
 * step's own view only ever mounts with the server's answer in hand (its form prefills from it,
 * and its save reads that answer rather than asking again). An application this account cannot
 * read (another account's, an old link) is said once, instead of a form or drop areas whose every
 * action could only fail.
 */
export function StepGate({
  needsCard = true,
  missingId = 'Application ID is missing.',
  children,
}: {
  /** The content steps need the card the wizard was opened for (their navigation carries it). */
  needsCard?: boolean;
  /** The words when the address names no application (the KYC step has its own). */
  missingId?: string;
  children: (app: Application, id: string) => ReactNode;
}) {
  const { card } = useWizard();
  const { id, query } = useApplication();
  if (needsCard && !card)
    return <RedError>Card details are missing. Please start again from the card page.</RedError>;
  if (!id) return <RedError>{missingId}</RedError>;
  if (query.isPending) return <p className="text-sm text-muted-foreground">Loading your application...</p>;
  if (query.isError) return <RedError>{APPLICATION_UNREADABLE}</RedError>;
  return children(query.data, id);
}
