import { useRef } from 'react';
import { focusNewPage } from '../../lib/arrival-focus.ts';

/**
 * For a Radix menu whose items are links: Radix hands focus back to the menu's button when the
 * menu closes, which after a navigation left a keyboard or screen-reader user at the top of the
 * header instead of on the new page. Only a chosen link moves focus on; a menu closed by Escape or
 * a click outside still hands it back to its button.
 */
export function useMenuNavigationFocus() {
  const navigated = useRef(false);
  return {
    /** The items' onSelect. */
    onNavigate: () => {
      navigated.current = true;
    },
    /** The content's onCloseAutoFocus. */
    onCloseAutoFocus: (event: Event) => {
      if (!navigated.current) return;
      navigated.current = false;
      event.preventDefault();
      focusNewPage();
    },
  };
}
