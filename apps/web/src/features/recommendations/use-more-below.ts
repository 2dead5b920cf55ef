import { type RefObject, useEffect, useState } from 'react';

/** Past this many pixels hidden below, the panel says there is more (not for a border's worth). */
const HIDDEN_PX = 24;

/**
 * Whether a scrolling panel hides content below its bottom edge. On a wide screen the
 * recommendations sit in a panel of 90vh (spec's list heights), and the second and third
 * combinations were below its edge with nothing saying so: the page's own scroll went on to the
 * next section, and a reviewer never found them. Rechecked on scroll, on the panel's or its
 * content's resize, and when `content` changes.
 */
export function useMoreBelow(ref: RefObject<HTMLElement | null>, content: unknown): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    void content;
    const el = ref.current;
    if (!el) return;
    const check = () => setMore(el.scrollHeight - el.scrollTop - el.clientHeight > HIDDEN_PX);
    check();
    el.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(el);
    for (const child of Array.from(el.children)) observer?.observe(child);
    return () => {
      el.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      observer?.disconnect();
    };
  }, [ref, content]);
  return more;
}
