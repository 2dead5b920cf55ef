import { Info } from 'lucide-react';
import { useId } from 'react';

/**
 * A calm note, not an error: the request went through, and these sentences say what the server
 * changed in the user's choices (a held card dropped from a list, a card no longer offered). One
 * look for the recommendations' note and the preferences panel's, so the two read as one kind of
 * message. The caller keeps it inside its own live region, which must be on the page before the
 * note is, or screen readers miss it.
 */
export function AdjustmentNote({
  heading,
  warnings,
  testId,
  compact = false,
}: {
  heading: string;
  warnings: readonly string[];
  testId: string;
  /** The panel's narrower column: a tighter box. */
  compact?: boolean;
}) {
  const headingId = useId();
  return (
    <div
      className={`flex items-start gap-3 border border-border bg-accent text-sm text-foreground ${compact ? 'rounded-xl px-3 py-2.5' : 'rounded-2xl px-4 py-3'}`}
      data-testid={testId}
    >
      <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h3 id={headingId} className="font-semibold">
          {heading}
        </h3>
        <ul
          aria-labelledby={headingId}
          className={`mt-1 flex flex-col gap-1 break-words ${warnings.length > 1 ? 'list-disc pl-4' : 'list-none'}`}
        >
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
