import { useEffect } from 'react';
import { useCompanyName } from '../tenant/tenant-context.ts';

/** The home page's title, as spec §2 quotes it. */
export const HOME_TITLE = 'Best Credit Card Comparison in India';

/** Sets document.title for the current page: "Page | Company", or exactly the spec's title for `/`. */
export function usePageTitle(title: string | null): void {
  const companyName = useCompanyName();
  useEffect(() => {
    document.title = title ? `${title} | ${companyName}` : HOME_TITLE;
  }, [title, companyName]);
}
