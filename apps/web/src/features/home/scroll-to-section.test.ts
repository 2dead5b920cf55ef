import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToSection } from './scroll-to-section.ts';

/** A section as the lazy chunk renders it (focusable, like the spending area's placeholder). */
function section(id: string) {
  const el = document.createElement('div');
  el.id = id;
  el.tabIndex = -1;
  const scrolled = vi.fn();
  el.scrollIntoView = scrolled;
  return { el, scrolled };
}

/** MutationObserver callbacks run as microtasks after the change. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe("'Get Started' scrolling (the spending section is a lazy chunk)", () => {
  it('scrolls to and focuses a section that is already there', () => {
    const { el, scrolled } = section('spend-form');
    document.body.append(el);
    scrollToSection('spend-form');
    expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(el);
  });

  it('waits for a section that has not rendered yet, then scrolls once it appears', async () => {
    scrollToSection('spend-form');
    const { el, scrolled } = section('spend-form');
    const wrapper = document.createElement('section');
    wrapper.append(el);
    document.body.append(wrapper);
    await settle();
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(el);
    // Done waiting: a later render of the same id does not scroll again.
    wrapper.remove();
    document.body.append(wrapper);
    await settle();
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it('gives up after its timeout, and a cancelled wait never scrolls', async () => {
    vi.useFakeTimers();
    scrollToSection('spend-form', 1000);
    vi.advanceTimersByTime(1001);
    vi.useRealTimers();
    const late = section('spend-form');
    document.body.append(late.el);
    await settle();
    expect(late.scrolled).not.toHaveBeenCalled();
    late.el.remove();

    const cancel = scrollToSection('other');
    cancel();
    const other = section('other');
    document.body.append(other.el);
    await settle();
    expect(other.scrolled).not.toHaveBeenCalled();
  });

  it('a newer tap replaces a pending one', async () => {
    scrollToSection('first');
    scrollToSection('second');
    const first = section('first');
    const second = section('second');
    document.body.append(first.el, second.el);
    await settle();
    expect(first.scrolled).not.toHaveBeenCalled();
    expect(second.scrolled).toHaveBeenCalledTimes(1);
  });
});
