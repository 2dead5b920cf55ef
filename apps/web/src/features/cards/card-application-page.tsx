import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, ExternalLink } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../layout/use-page-title.ts';
import { useTenant } from '../tenant/tenant-context.ts';
import { externalApplyUrl, isCompleteJourneyBank } from './apply-rule.ts';
import { cardKeys, fetchCard } from './cards-api.ts';

/**
 * /cards/apply/:bankName/:cardId/*. The application wizard (personal, employment,
 * KYC, review) is a later issue; until then this page says so and offers the
 * bank's own application.
 */
export default function CardApplicationPage() {
  usePageTitle('Card Application');
  const { cardId = '' } = useParams();
  const { config } = useTenant();
  const card = useQuery({
    queryKey: cardKeys.detail(cardId),
    queryFn: () => fetchCard(cardId),
    meta: { toast: false },
  });
  const bankUrl = card.data ? externalApplyUrl(card.data) : null;
  const inProduct = card.data ? isCompleteJourneyBank(card.data, config?.completeJourneyBanks ?? '') : false;

  return (
    <section className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-2xl rounded-2xl border border-border bg-card p-8 text-center shadow-sm sm:p-12">
        <span className="mx-auto mb-5 inline-flex size-12 items-center justify-center rounded-full bg-accent text-primary">
          <ClipboardCheck className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight">Card Application</h1>
        {card.data ? <p className="mt-2 text-lg font-semibold">{card.data.name}</p> : null}
        <p className="mt-3 text-muted-foreground">
          {inProduct
            ? 'Here you will apply step by step (personal details, employment, KYC documents, review) and track your application.'
            : 'Here you will start your application for this card.'}{' '}
          This application form arrives in an upcoming release.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {bankUrl ? (
            <a href={bankUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
              Apply on the bank's website <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          ) : null}
          <Link
            to={card.data ? `/card/${encodeURIComponent(card.data.id)}` : '/cards'}
            className="btn-outline"
          >
            Back to the card
          </Link>
        </div>
      </div>
    </section>
  );
}
