import { CreditCard } from 'lucide-react';
import { useTenant } from '../tenant/tenant-context.ts';

/**
 * The tenant's logo (which usually carries the company name itself), or a neutral
 * card mark with the company name when no logo is configured.
 */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  const { logo, companyName } = useTenant();
  if (logo) {
    return (
      <span
        className={`inline-flex max-w-full min-w-0 items-center ${inverted ? 'rounded-lg bg-white px-2 py-1' : ''}`}
      >
        <img src={logo} alt={companyName} className="h-9 w-auto max-w-40 min-w-0 object-contain" />
      </span>
    );
  }
  return (
    <span className="inline-flex max-w-full min-w-0 items-center gap-2.5">
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
        <CreditCard className="size-5" aria-hidden="true" />
      </span>
      <span
        className={`truncate text-lg font-extrabold tracking-tight ${inverted ? 'text-white' : 'text-foreground'}`}
      >
        {companyName}
      </span>
    </span>
  );
}
