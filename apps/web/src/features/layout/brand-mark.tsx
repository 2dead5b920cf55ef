import { CreditCard } from 'lucide-react';
import { useTenant } from '../tenant/tenant-context.ts';

const PLATE = 'rounded-lg bg-white px-2 py-1';
const DARK_THEME_PLATE = 'dark:rounded-lg dark:bg-white dark:px-2 dark:py-1';

/**
 * The tenant's logo (which usually carries the company name itself), or a neutral
 * card mark with the company name when no logo is configured.
 *
 * A partner's logo is one image, drawn for a light page: its wordmark is often in the brand's
 * own colour (Cardwise's rust, PaisaPal's teal), which on the dark theme's header fell to about
 * 3.5:1. So wherever the surface behind it is dark (the footer, and the header in the dark
 * theme) the logo sits on a white plate, as printed logos do, rather than being recoloured.
 */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  const { logo, companyName } = useTenant();
  if (logo) {
    return (
      <span className={`inline-flex max-w-full min-w-0 items-center ${inverted ? PLATE : DARK_THEME_PLATE}`}>
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
