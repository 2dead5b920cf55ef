import { AlertCircle } from 'lucide-react';

/** Spec §2: shown on /cards after an old /apply/hdfc/* link redirected here. */
export function OutdatedLinkNotice({ onBrowse }: { onBrowse: () => void }) {
  return (
    <div
      role="alert"
      className="mb-6 flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:flex-row sm:items-center dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <AlertCircle className="size-6 shrink-0" aria-hidden="true" />
      <div className="flex-1">
        <h2 className="font-semibold">Outdated Link</h2>
        <p className="text-sm">
          This application link is outdated. Please start a new application from the cards page.
        </p>
      </div>
      <button type="button" className="btn-primary" onClick={onBrowse}>
        Browse Cards
      </button>
    </div>
  );
}
