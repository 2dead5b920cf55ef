import type { OwnedCard } from '@cardwise/contracts';
import { AlertDialog } from 'radix-ui';

/** Asks before removing: a removed card stops counting as held in the recommendations at once. */
export function RemoveOwnedCardDialog({
  card,
  pending,
  onConfirm,
  onOpenChange,
  onCloseAutoFocus,
}: {
  card: OwnedCard | null;
  pending: boolean;
  onConfirm: (card: OwnedCard) => void;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on closing; by default back to the Remove button, gone once removed. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const name = card?.credit_card_details?.name ?? 'this card';
  return (
    <AlertDialog.Root open={card !== null} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 text-foreground shadow-2xl"
        >
          <AlertDialog.Title className="text-lg font-bold">Remove this card?</AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-muted-foreground">
            {name} will no longer count as a card you hold in your recommendations. You can add it again at
            any time.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn-outline">Keep it</AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that closes at once; the dialog stays until the call is done. */}
            <button
              type="button"
              className="btn bg-red-600 text-white shadow-sm hover:bg-red-700"
              disabled={pending}
              onClick={() => card && onConfirm(card)}
            >
              {pending ? 'Removing…' : 'Remove card'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
