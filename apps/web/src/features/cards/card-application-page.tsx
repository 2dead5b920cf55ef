import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, ExternalLink } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { isApiError } from '../../lib/api-errors.ts';
import { usePageTitle } from '../layout/use-page-title.ts';
import { ownBankApplyPath } from './apply-rule.ts';
import { bankSite } from './bank-site.ts';
import { cardKeys, fetchApplyOptions } from './cards-api.ts';

const ReferralDialog = lazy(() => import('../referrals/referral-dialog.tsx'));

/**
 * /cards/apply/:bankName/:cardId/* (spec §2 "Generic card application"): for a bank without the
 * complete in-product journey, the application happens on the bank's site, through the
 * referral and cashback-proof steps (application spec §2).
 */
export default function CardApplicationPage() {
  usePageTitle('Card Application');
  const { bankName = '', cardId = '' } = useParams();
  const location = useLocation();
  // The server decides how this tenant takes the application (GET cards/apply/{id}/): the same
  // rule its application start and departure log enforce, without the whole card or the
  // tenant's complete-journey setting having to arrive here first.
  const card = useQuery({
    queryKey: cardKeys.apply(cardId),
    queryFn: () => fetchApplyOptions(cardId),
    meta: { toast: false },
  });
  // A card that is not there stays not there: no retry to offer.
  const unknownCard = isApiError(card.error) && card.error.status === 404;
  const bankUrl = card.data?.bank_url ?? null;
  const inProductPath = card.data?.in_product_path ?? null;
  const inProduct = inProductPath !== null;
  const [referral, setReferral] = useState(false);
  const applyButton = useRef<HTMLButtonElement>(null);
  const closing = useRef(false);
  // The referral dialog is unmounted on close and was opened without a Radix Trigger, so nothing
  // handed focus back: it fell to <body> (WCAG 2.4.3), as it did on the card page before
  // ApplyButton did the same. Focus returns to the button however the dialog was closed.
  useEffect(() => {
    if (referral || !closing.current) return;
    closing.current = false;
    applyButton.current?.focus();
  }, [referral]);

  // The address names the card's bank, but the card alone decides what opens: another bank's name
  // (/cards/apply/icici/sbi_cashback, an edited or mistaken link) showed SBI's card under ICICI's
  // address. It moves to the card's own address, as the wizard sends a card of another bank there
  // (this page has no steps of its own, so what followed the card id is left behind).
  if (card.data && bankName !== card.data.bank) {
    const path = ownBankApplyPath({ bank: card.data.bank, id: card.data.card_id });
    return <Navigate to={`${path}${location.search}${location.hash}`} replace />;
  }

  return (
    <section className="container-page py-16 sm:py-24">
      <div className="mx-auto max-w-2xl rounded-2xl border border-border bg-card p-8 text-center shadow-sm sm:p-12">
        <span className="mx-auto mb-5 inline-flex size-12 items-center justify-center rounded-full bg-accent text-primary">
          <ClipboardCheck className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight">Card Application</h1>
        {card.data ? <p className="mt-2 text-lg font-semibold">{card.data.name}</p> : null}
        <p className="mt-3 text-muted-foreground">
          {inProduct && card.data ? (
            <>
              Apply step by step here (personal details, employment, KYC documents, review) and track your
              application.
            </>
          ) : card.data && bankUrl ? (
            <>
              {card.data.bank_name} takes applications on its own website. We open it for you and, once you
              have applied, you can upload its confirmation here to claim your cashback.
            </>
          ) : card.data ? (
            // No application link on record: say so, rather than promise a site it cannot open.
            <>
              {card.data.name} cannot be applied for through us at the moment. {card.data.bank_name} may still
              take applications for it on its own website.
            </>
          ) : card.isError ? (
            'Failed to load card details. Please try again.'
          ) : (
            'Loading card data...'
          )}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {inProductPath !== null ? (
            <Link to={inProductPath} className="btn-primary">
              Start the application
            </Link>
          ) : null}
          {bankUrl && !inProduct ? (
            <button
              ref={applyButton}
              type="button"
              className="btn-primary"
              onClick={() => setReferral(true)}
              aria-haspopup="dialog"
            >
              Apply on {bankSite(card.data?.bank_name, 'website')}{' '}
              <ExternalLink className="size-4" aria-hidden="true" />
            </button>
          ) : null}
          {!bankUrl && !inProduct && card.data?.bank_page_url ? (
            <a
              href={card.data.bank_page_url}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-primary"
            >
              Card page on {bankSite(card.data.bank_name, 'site')}{' '}
              <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          ) : null}
          {card.isError && !unknownCard ? (
            <button type="button" className="btn-primary" onClick={() => void card.refetch()}>
              Try again
            </button>
          ) : null}
          {/* Without the card there is no card page to go back to (an unknown id's was a 404). */}
          <Link
            to={card.data ? `/card/${encodeURIComponent(card.data.card_id)}` : '/cards'}
            className="btn-outline"
          >
            {card.data ? 'Back to the card' : 'Browse cards'}
          </Link>
        </div>
      </div>
      {referral && card.data && bankUrl ? (
        <Suspense fallback={null}>
          <ReferralDialog
            card={{ id: card.data.card_id, name: card.data.name, bank_name: card.data.bank_name }}
            bankUrl={bankUrl}
            open={referral}
            onOpenChange={(next) => {
              closing.current = !next;
              setReferral(next);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
