import type { CardSummary } from '@cardwise/contracts';
import { ArrowRight, Building2, ExternalLink, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatFeeWithGst } from '../../lib/format.ts';
import { ModalDialog } from '../layout/modal-dialog.tsx';
import { Notice } from '../layout/notice.tsx';
import { useTenant } from '../tenant/tenant-context.ts';
import { bankApplyUrl, inProductApplyPath, isCompleteJourneyBank } from './apply-rule.ts';
import { bankSite } from './bank-site.ts';
import { CardBanner } from './card-banner.tsx';

const ReferralDialog = lazy(() => import('../referrals/referral-dialog.tsx'));

interface Props {
  card: CardSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The ways to apply for a card: for banks with the complete in-product journey, our
 * application; and the bank's own site, through the referral and cashback-proof steps
 * (application spec §2), which take over this dialog.
 */
export default function ApplyDialog({ card, open, onOpenChange }: Props) {
  const { config, companyName } = useTenant();
  // Where the wizard's first Back returns (application spec §2: the 'from' return path).
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  const bankUrl = bankApplyUrl(card);
  const inProduct = isCompleteJourneyBank(card, config?.completeJourneyBanks ?? '');
  const [referral, setReferral] = useState(false);

  if (referral && bankUrl) {
    return (
      <Suspense fallback={null}>
        <ReferralDialog card={card} bankUrl={bankUrl} open={open} onOpenChange={onOpenChange} />
      </Suspense>
    );
  }

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      closeButton
      title={`Apply for ${card.name}`}
      description={`Choose how you would like to apply. Fee: ${formatFeeWithGst(card.fee, card.fee_frequency)}.`}
    >
      <div className="mx-auto mt-5 max-w-64">
        <CardBanner card={card} />
      </div>
      {card.by_invitation ? (
        <Notice tone="warning" className="mt-5">
          {card.bank_name} issues this card by invitation: without one, an application is unlikely to be
          accepted.
        </Notice>
      ) : null}
      <div className="mt-6 space-y-3">
        {inProduct ? (
          <Link
            to={inProductApplyPath(card)}
            state={{ from }}
            onClick={() => onOpenChange(false)}
            className="flex items-center gap-3 rounded-xl border-2 border-primary bg-accent p-4 text-accent-foreground transition hover:brightness-95"
          >
            <ShieldCheck className="size-6 shrink-0 text-primary" aria-hidden="true" />
            <span className="flex-1">
              <span className="block font-semibold">Apply here with {companyName}</span>
              <span className="block text-xs opacity-80">
                Fill in your details step by step; we track your application for you.
              </span>
            </span>
            <ArrowRight className="size-5 text-primary" aria-hidden="true" />
          </Link>
        ) : null}
        {bankUrl ? (
          <button
            type="button"
            onClick={() => setReferral(true)}
            className="flex w-full items-center gap-3 rounded-xl border border-border p-4 text-left transition hover:bg-muted"
          >
            <Building2 className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="flex-1">
              <span className="block font-semibold">Apply on {bankSite(card.bank_name, 'website')}</span>
              <span className="block text-xs text-muted-foreground">
                Opens the bank's site in a new tab; upload its confirmation here to claim cashback.
              </span>
            </span>
            <ExternalLink className="size-5 text-muted-foreground" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <p className="mt-5 text-xs text-muted-foreground">
        Approval, limits and final terms are decided by {card.bank_name}.
      </p>
    </ModalDialog>
  );
}
