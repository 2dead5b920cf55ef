import { afterEach, describe, expect, it } from 'vitest';
import { focusNewPage, focusWasLost } from './arrival-focus.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusWasLost', () => {
  it('counts <main> as lost only while a menu hand-off holds it, not after a click on blank space', () => {
    document.body.innerHTML = '<main id="main" tabindex="-1"><h1 tabindex="-1">Page</h1></main>';
    const main = document.getElementById('main') as HTMLElement;
    expect(focusWasLost()).toBe(true);
    // A click on blank space focuses <main>: that focus is the user's.
    main.focus();
    expect(focusWasLost()).toBe(false);
    main.blur();
    focusNewPage();
    expect(document.activeElement).toBe(main);
    expect(focusWasLost()).toBe(true);
    // Once the page's heading took it, the hand-off is over.
    (document.querySelector('h1') as HTMLElement).focus();
    main.focus();
    expect(focusWasLost()).toBe(false);
  });
});
