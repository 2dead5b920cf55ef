import { useSyncExternalStore } from 'react';
import { readSession, SESSION_EVENT, type StoredUser } from '../../lib/session.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(SESSION_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(SESSION_EVENT, onChange);
  };
}

// useSyncExternalStore compares snapshots by identity: cache by the raw storage text.
let lastKey = '';
let lastSession: StoredUser | null = null;

function snapshot(): StoredUser | null {
  const session = readSession();
  const key = JSON.stringify(session);
  if (key !== lastKey) {
    lastKey = key;
    lastSession = session;
  }
  return lastSession;
}

/** The signed-in user (spec §4: stored user record + access token), or null. */
export function useSession(): StoredUser | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
