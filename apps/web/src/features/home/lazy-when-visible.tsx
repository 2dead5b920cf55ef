import {
  type ComponentType,
  type LazyExoticComponent,
  type RefObject,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';

interface Props {
  /** The lazily imported part, rendered once the placeholder nears the viewport. */
  component: LazyExoticComponent<ComponentType>;
  id?: string;
  className?: string;
  /** Reserved height, so the page does not jump when the part arrives. */
  minHeight: string;
  label: string;
}

/**
 * Renders a below-the-fold part only when the visitor scrolls within a screen of it, so
 * the first load of `/` downloads and runs none of it (the Lighthouse budget).
 */
export function LazyWhenVisible({ component: Part, id, className = '', minHeight, label }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  // Opened as /#spend-form: the browser's own jump to the anchor came before this part existed.
  const [jump, setJump] = useState(false);

  useEffect(() => {
    if (visible) return;
    const node = ref.current;
    if (!node) return;
    if (window.location.hash && id && window.location.hash === `#${id}`) {
      setVisible(true);
      setJump(true);
      return;
    }
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) setVisible(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible, id]);

  const placeholder = (
    <div style={{ minHeight }} aria-busy="true" className="flex items-start">
      <span className="sr-only">{label}</span>
      <div className="skeleton h-24 w-full rounded-3xl opacity-60" />
    </div>
  );

  return (
    <div ref={ref} id={id} tabIndex={id ? -1 : undefined} className={`outline-none ${className}`}>
      {visible ? (
        <Suspense fallback={placeholder}>
          <Part />
          {jump ? <JumpHere target={ref} /> : null}
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

/**
 * Mounted beside the part inside its Suspense boundary, so its effect runs once the part has
 * rendered (not over the placeholder, whose height differs): scrolls the section into view and
 * focuses it, as following the anchor in a page that already had it would.
 */
function JumpHere({ target }: { target: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    target.current?.scrollIntoView({ block: 'start' });
    target.current?.focus({ preventScroll: true });
  }, [target]);
  return null;
}
