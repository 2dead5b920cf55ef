/**
 * Where keyboard focus goes when a Radix dialog that was opened without its `Dialog.Trigger`
 * closes (WCAG 2.4.3). Radix hands focus back to its Trigger only; a controlled dialog opened
 * from a button of our own left it on <body>, and a keyboard user had to start again from the
 * top of a page that stayed scrolled down.
 *
 * Use as `Dialog.Content`'s `onCloseAutoFocus`: the first of `targets` still in the page is
 * focused (scrolled into view if need be). When none is, Radix does what it would have done.
 */
export function returnFocusTo(...targets: (() => HTMLElement | null | undefined)[]) {
  return (event: Event) => {
    for (const target of targets) {
      const element = target();
      if (element?.isConnected) {
        event.preventDefault();
        element.focus();
        return;
      }
    }
  };
}
