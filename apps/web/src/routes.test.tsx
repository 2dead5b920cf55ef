import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageRoutes } from './routes.tsx';

/** The page chunks a direct visit starts fetching before the first render (preloadPage). */
function preloads(pathname: string, basename = '/') {
  return (matchRoutes(pageRoutes, pathname, basename) ?? []).filter(
    (m) => typeof (m.route.handle as { preload?: unknown } | undefined)?.preload === 'function',
  ).length;
}

describe('a page opened by its address starts loading its chunk at once', () => {
  it('knows what to preload for the lazily drawn pages, under a partner prefix too', () => {
    for (const path of ['/cards', '/cards/top', '/card/hdfc_millennia', '/login', '/profile', '/waitlist'])
      expect(preloads(path), path).toBe(1);
    expect(preloads('/t/acme/card/x', '/t/acme')).toBe(1);
    expect(preloads('/cards/apply/hdfc/hdfc_millennia/personal')).toBe(1);
  });

  it('has nothing to preload for the home page, whose first paint is in the entry, or an unknown address', () => {
    expect(preloads('/')).toBe(0);
    expect(preloads('/no/such/page')).toBe(0);
  });
});
