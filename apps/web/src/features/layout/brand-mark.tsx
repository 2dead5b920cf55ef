import { CreditCard } from 'lucide-react';
import { useTenant } from '../tenant/tenant-context.ts';

/** The tenant's logo and company name, or a neutral card mark when no logo is configured. */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  const { logo, companyName } = useTenant();
  return (
    <span className="inline-flex items-center gap-2.5">
      {logo ? (
        <img src={logo} alt="" className="h-8 w-auto max-w-32 object-contain" />
      ) : (
        <span className="inline-flex size-9 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
          <CreditCard className="size-5" aria-hidden="true" />
        </span>
      )}
      <span
        className={`text-lg font-extrabold tracking-tight ${inverted ? 'text-white' : 'text-foreground'}`}
      >
        {companyName}
      </span>
    </span>
  );
}
