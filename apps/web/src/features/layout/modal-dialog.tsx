import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

const WIDTHS = { md: 'max-w-md', lg: 'max-w-lg' } as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name. */
  title: ReactNode;
  /** Its accessible description, shown under the title. */
  description: ReactNode;
  children: ReactNode;
  width?: keyof typeof WIDTHS;
  /** A button named 'Close' beside the title (Escape and the overlay close it either way). */
  closeButton?: boolean;
  /**
   * For a dialog opened without a Radix `Dialog.Trigger`: where keyboard focus goes when it
   * closes, usually `returnFocusTo(...)` from lib/return-focus.ts (WCAG 2.4.3).
   */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The product's modal dialog: a dimmed overlay, a centred panel that scrolls within 90% of the
 * screen's height, the title, its description and an optional Close button (Radix Dialog:
 * focus trapped inside while open, Escape closes). The body comes as children.
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  width = 'md',
  closeButton = false,
  onCloseAutoFocus,
}: Props) {
  const heading = <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] ${WIDTHS[width]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-card p-6 text-foreground shadow-2xl`}
        >
          {closeButton ? (
            <div className="flex items-start justify-between gap-4">
              {heading}
              <Dialog.Close className="btn-ghost -mt-1 -mr-2 h-11 w-11 shrink-0 px-0" aria-label="Close">
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            </div>
          ) : (
            heading
          )}
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            {description}
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
