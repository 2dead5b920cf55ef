import { type Application, type ApplicationPrefill, FINAL_STATUSES } from '@cardwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { Notice } from '../layout/notice.tsx';
import { fetchPrefill } from './applications-api.ts';
import { readSavedStep } from './read-saved-step.ts';

type PrefilledStep = 'personal_details' | 'employment_details';

/**
 * What a content step with nothing saved yet starts from: the applicant's latest other
 * application, else their profile (server's choice, ADR 023), so a second card does not ask for
 * the same PAN and address again. Only asked for while the step is empty: a saved or resumed
 * step shows what it holds. A failed call starts the form empty, as before.
 */
export function usePrefill(app: Application, step: PrefilledStep) {
  const empty = !FINAL_STATUSES.includes(app.status) && Object.keys(readSavedStep(app, step)).length === 0;
  const query = useQuery({
    queryKey: ['applications', app.id, 'prefill'],
    queryFn: () => fetchPrefill(app.id),
    enabled: empty,
    retry: false,
    staleTime: 60_000,
  });
  const section = empty && query.data ? query.data[step] : null;
  return {
    pending: empty && query.isPending,
    values: (section ?? null) as Record<string, unknown> | null,
    source: section ? (query.data?.source ?? null) : null,
  };
}

/** Says where a prefilled form's values came from, so they are checked rather than trusted. */
export function PrefillNote({ source }: { source: ApplicationPrefill['source'] }) {
  if (!source) return null;
  const from =
    source.kind === 'profile'
      ? 'your profile'
      : `your application for ${source.card_name ?? 'another card'} (${source.reference_id})`;
  return (
    <Notice data-testid="prefill-note" className="mb-6">
      Filled in from {from}. Check each detail is still right before you continue.
    </Notice>
  );
}
