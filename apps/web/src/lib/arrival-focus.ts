import { useEffect, useRef } from 'react';

/**
 * Whether keyboard focus is nowhere in particular: it fell to <body> (the focused element went
 * with what replaced it), or it sits on <main> itself, where a header menu that navigated put it
 * (focusNewPage) for the page's heading to take once the page is there.
 */
export function focusWasLost(): boolean {
  const el = document.activeElement;
  if (el === null || el === document.body) return true;
  // Only while a menu's hand-off holds it: <main> (tabIndex -1) also takes focus from a click on
  // blank space, and that focus is the user's, not lost.
  return el === document.getElementById('main') && el.hasAttribute(HANDOFF);
}

const HANDOFF = 'data-focus-handoff';

/**
 * A page's or step's heading (give it tabIndex -1): the button that moved the person on went with
 * the previous page, and focus fell to <body> (WCAG 2.4.3); the new heading takes it, so a
 * keyboard or screen-reader user hears where they are. Focus that is somewhere already stays.
 */
export function useArrivalFocus<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  useEffect(() => {
    if (focusWasLost()) heading.current?.focus({ preventScroll: true });
  }, []);
  return heading;
}

/**
 * Focus to the page a menu item just opened (WCAG 2.4.3): the menu and its item are gone, and
 * handing focus back to the menu's button left a keyboard or screen-reader user at the top of
 * the header. <main> takes it (the skip link's target, tabIndex -1), and a page with an arrival
 * heading then moves it there (useArrivalFocus); a heading that already took it keeps it.
 */
export function focusNewPage(): void {
  const main = document.getElementById('main');
  const el = document.activeElement;
  if (!main || (el !== main && main.contains(el))) return;
  main.setAttribute(HANDOFF, '');
  main.addEventListener('blur', () => main.removeAttribute(HANDOFF), { once: true });
  main.focus({ preventScroll: true });
}
