import { screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { installSessionRefresh, SESSION_EXPIRED } from '../features/accounts/session-refresh.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';

/** The server's answer to a call with an expired token, and to the spent refresh token's exchange. */
export const tokenRefused = () =>
  new Response(JSON.stringify({ detail: 'Token is invalid or expired' }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Runs `act` (which makes a call the server refuses, `tokenRefused`) with a refresh token stored
 * that the server refuses too. Afterwards exactly one toast shows, 'Session Expired', the app
 * is on its way to /login, and the screen's own failure text (`screensOwn`) is nowhere.
 */
export async function expectSessionExpiredAlone(act: () => Promise<unknown>, screensOwn: string) {
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'spent-refresh');
  const navigate = vi.fn();
  const uninstall = installSessionRefresh({ navigate });
  try {
    await act();
    await screen.findByText(SESSION_EXPIRED.message);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
    expect(screen.queryByText(screensOwn)).toBeNull();
  } finally {
    uninstall();
  }
}
