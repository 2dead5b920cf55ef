import type { ReactNode } from 'react';
import { formatDayInIndia } from '../../lib/format.ts';

interface Props {
  testId: string;
  title: string;
  subtitle?: string | null;
  /** The badge's colours for this status. */
  badgeClass: string;
  status: { label: string; detail: string };
  reference: string;
  /** Labelled days, in the order they happened ('Submitted', 'Decided'). */
  dates: { label: string; iso: string }[];
  /** What the person can do with it (an application's 'Continue application'). */
  children?: ReactNode;
}

/**
 * One record of a profile list (an application, a cashback claim): what it is, its status in a
 * badge and in words, its reference and its days. The two lists had the same markup twice.
 */
export function ProfileRecordItem({
  testId,
  title,
  subtitle,
  badgeClass,
  status,
  reference,
  dates,
  children,
}: Props) {
  return (
    <li className="rounded-xl border border-border p-4" data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium leading-snug">{title}</p>
          {subtitle ? <p className="text-xs text-muted-foreground">{subtitle}</p> : null}
        </div>
        <span className={`shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${badgeClass}`}>
          <span className="sr-only">Status: </span>
          {status.label}
        </span>
      </div>
      <p className="mt-2 text-sm">{status.detail}</p>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <div className="flex gap-1">
          <dt>Reference</dt>
          <dd className="font-mono font-medium text-foreground">{reference}</dd>
        </div>
        {dates.map((d) => (
          <div key={d.label} className="flex gap-1">
            <dt>{d.label}</dt>
            <dd>
              <time dateTime={d.iso}>{formatDayInIndia(d.iso)}</time>
            </dd>
          </div>
        ))}
      </dl>
      {children}
    </li>
  );
}
