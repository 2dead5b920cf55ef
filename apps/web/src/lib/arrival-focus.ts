import { useEffect, useRef } from 'react';

/** Whether keyboard focus fell to <body> (the focused element went with what replaced it). */
export function focusWasLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

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
