import { describe, expect, it } from 'vitest';
import { FileFetchError } from '../features/applications/applications-api.ts';
import { ApiError, SessionEndedError, sessionEnded } from './api-errors.ts';

describe('sessionEnded: the failure the session handler has already told the user about', () => {
  const ended = new SessionEndedError('Session Expired', 'Your session has expired. Please log in again.');

  it('is the session handler’s own error', () => {
    expect(sessionEnded(ended)).toBe(true);
    expect(ended).toMatchObject({ status: 401, title: 'Session Expired' });
  });

  it('is also an error that wraps it, as a KYC file fetch does', () => {
    expect(sessionEnded(new FileFetchError(`Failed to fetch file: ${ended.message}`, { cause: ended }))).toBe(
      true,
    );
  });

  it('is not any other 401, nor any other failure', () => {
    expect(sessionEnded(new ApiError('http', 'Session Expired', 'x', 401))).toBe(false);
    expect(
      sessionEnded(new FileFetchError('Failed to fetch file: offline', { cause: new TypeError('x') })),
    ).toBe(false);
    expect(sessionEnded(null)).toBe(false);
    expect(sessionEnded('Session Expired')).toBe(false);
  });
});
