import { AlertTriangle, RotateCw } from 'lucide-react';

/** Spec §8 page-level fallback text. */
export const PAGE_ERROR_TEXT = 'Something went wrong. Please try refreshing the page.';

export function ErrorFallback() {
  return (
    <div role="alert" className="container-page flex flex-col items-center py-24 text-center">
      <span className="mb-4 inline-flex size-12 items-center justify-center rounded-full bg-red-100 text-red-700">
        <AlertTriangle className="size-6" aria-hidden="true" />
      </span>
      <p className="max-w-md text-lg font-semibold">{PAGE_ERROR_TEXT}</p>
      <button type="button" className="btn-primary mt-6" onClick={() => window.location.reload()}>
        <RotateCw className="size-4" aria-hidden="true" /> Refresh page
      </button>
    </div>
  );
}
