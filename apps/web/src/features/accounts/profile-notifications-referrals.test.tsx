import type { AccountNotification, ReferredUser } from '@cardwise/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, profileFixture } from '../../test/fixtures.tsx';
import { renderProfilePage } from '../../test/profile-page.tsx';

/**
 * /profile shows what the account API keeps for the person beyond the profile itself: the
 * friends who joined with their referral code and their notifications (a friend joining among
 * them). Before, the page showed the code and asked people to share it, while neither list was
 * ever fetched: a referrer could not see that it had worked.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const friend: ReferredUser = {
  id: 'u2',
  name: 'Chitra Menon',
  email: 'c***@example.com',
  // 20:00 UTC is the next morning in India.
  date_joined: '2026-11-25T20:00:00.000Z',
};

function notification(over: Partial<AccountNotification>): AccountNotification {
  return {
    id: 'n1',
    kind: 'referral_signup',
    title: 'A friend joined',
    message: 'Chitra signed up with your referral code.',
    is_read: false,
    created_at: '2026-11-25T20:00:00.000Z',
    ...over,
  };
}

/** The account API of a signed-in Meera; `read` lists the notification ids marked read. */
function stubAccount(referred: ReferredUser[], notifications: AccountNotification[]) {
  const read: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const mark = path.match(/^\/api\/accounts\/notifications\/([^/]+)\/read\/?$/);
      if (mark && init?.method === 'POST') {
        read.push(mark[1] as string);
        return jsonResponse({ detail: 'Marked as read.' });
      }
      if (path.startsWith('/api/accounts/notifications')) {
        return jsonResponse(notifications.map((n) => ({ ...n, is_read: n.is_read || read.includes(n.id) })));
      }
      if (path.startsWith('/api/accounts/referred-users')) return jsonResponse(referred);
      if (path.startsWith('/api/accounts/profile')) return jsonResponse(profileFixture());
      if (
        path.startsWith('/api/accounts/applications') ||
        path.startsWith('/api/accounts/cashback-claims') ||
        path.startsWith('/api/accounts/my-cards')
      )
        return jsonResponse([]);
      if (path.startsWith('/api/cards')) return jsonResponse([]);
      throw new Error(`unexpected ${path}`);
    }),
  );
  return read;
}

describe('/profile: friends referred and notifications', () => {
  it('lists who joined with my referral code, their email masked, with the day they joined', async () => {
    stubAccount([friend], []);
    renderProfilePage();
    const section = await screen.findByRole('region', { name: 'Friends you referred' });
    const list = await within(section).findByRole('list', { name: 'Friends you referred' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('Chitra Menon');
    expect(item.textContent).toContain('c***@example.com');
    expect(item.textContent).toContain('Joined 26 Nov 2026');
    expect(within(section).getByText('MEERA123')).toBeTruthy();
  });

  it('says so when no one has used the code yet', async () => {
    stubAccount([], []);
    renderProfilePage();
    const section = await screen.findByRole('region', { name: 'Friends you referred' });
    expect(await within(section).findByText('No one has signed up with your code yet.')).toBeTruthy();
  });

  it('shows notifications newest first, and marking an unread one read updates the list', async () => {
    const read = stubAccount(
      [friend],
      [
        notification({}),
        notification({
          id: 'n0',
          kind: 'welcome',
          title: 'Welcome to Cardwise',
          message: 'Your referral code is MEERA123. Share it with friends.',
          is_read: true,
          created_at: '2026-11-01T10:00:00.000Z',
        }),
      ],
    );
    renderProfilePage();
    const section = await screen.findByRole('region', { name: 'Your notifications' });
    const list = await within(section).findByRole('list', { name: 'Notifications, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByText(/friend joined|Welcome/).textContent)).toEqual([
      'A friend joined',
      'Welcome to Cardwise',
    ]);
    expect(items[0]?.textContent).toContain('(unread)');
    expect(within(section).getByText('1 unread, newest first.')).toBeTruthy();
    // The read one offers nothing to do.
    expect(within(items[1] as HTMLElement).queryByRole('button')).toBeNull();

    await userEvent
      .setup()
      .click(within(items[0] as HTMLElement).getByRole('button', { name: 'Mark as read' }));
    expect(read).toEqual(['n1']);
    await waitFor(() => expect(within(section).getByText('Newest first.')).toBeTruthy());
    expect(within(section).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(within(section).queryByText('(unread)')).toBeNull();
    // The button is gone; the keyboard carries on from the notification, not the page's top.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('LI'));
    expect(document.activeElement?.textContent).toContain('A friend joined');
  });

  it('puts both in the page’s section menu', async () => {
    stubAccount([], []);
    renderProfilePage();
    const nav = await screen.findByRole('navigation', { name: 'Profile sections' });
    expect(within(nav).getByRole('link', { name: 'Your notifications' }).getAttribute('href')).toBe(
      '#notifications',
    );
    expect(within(nav).getByRole('link', { name: 'Friends you referred' }).getAttribute('href')).toBe(
      '#referrals',
    );
  });
});
