import { ClipboardList, Mail } from 'lucide-react';
import { useTenant } from '../tenant/tenant-context.ts';

/**
 * Where the spending form, recommendations and card preferences (spec §2 home page)
 * slot in. Until then it says plainly what will be here.
 */
export function SpendingSection() {
  const { supportEmail } = useTenant();
  return (
    <section
      id="spend-form"
      tabIndex={-1}
      aria-labelledby="spend-heading"
      className="container-page scroll-mt-24 py-14"
    >
      <div className="rounded-3xl border border-border bg-card p-6 shadow-sm sm:p-10">
        <div className="flex flex-col items-start gap-4 sm:flex-row">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-accent text-primary">
            <ClipboardList className="size-6" aria-hidden="true" />
          </span>
          <div>
            <h2 id="spend-heading" className="text-2xl font-bold tracking-tight">
              Spending Details
            </h2>
            <p className="mt-2 max-w-2xl text-muted-foreground">
              Tell us where you spend each month (groceries, Swiggy, fuel, rent…) and we will work out the
              card combination that earns you the most after fees.
            </p>
          </div>
        </div>
        <div className="mt-6 rounded-2xl border border-dashed border-amber-400 bg-amber-50 p-5 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          <p className="font-semibold">This feature is under development.</p>
          <p className="mt-1">
            The spending form and personalised recommendations arrive in the next release. Until then, compare
            cards by fee and rewards on the cards page.
          </p>
          {supportEmail ? (
            <a
              href={`mailto:${supportEmail}?subject=${encodeURIComponent('Feedback on spending recommendations')}`}
              className="mt-3 inline-flex items-center gap-1.5 font-semibold underline underline-offset-2"
            >
              <Mail className="size-4" aria-hidden="true" /> Send us feedback
            </a>
          ) : null}
        </div>
      </div>
    </section>
  );
}
