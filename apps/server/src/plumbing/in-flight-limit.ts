import { HttpError } from './errors.ts';

/**
 * At most `max` engine runs in progress per client (a signed-in user, else an address). The
 * rate limit counts requests per minute, not work: ten concurrent 200-entry, ten-card requests
 * from one address filled the engine's queue for everyone else. A client over the limit gets
 * 429 at once; the home page never has more than one run of its own going (it cancels the
 * superseded one), so users do not meet it. Document and proof uploads use it too (2 per user:
 * each stages files on disk while its body arrives), with their own `detail`.
 */
export function inFlightLimit(
  max: number,
  detail = `You already have ${max} recommendations being worked out. Please wait for them to finish.`,
) {
  const running = new Map<string, number>();
  return {
    /** Takes a place for `key` or throws 429; call the returned function when the run ends. */
    acquire(key: string): () => void {
      const now = running.get(key) ?? 0;
      if (now >= max) {
        throw new HttpError(429, detail, 'too_many_in_flight');
      }
      running.set(key, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(key) ?? 1) - 1;
        if (left > 0) running.set(key, left);
        else running.delete(key);
      };
    },
    /** Runs in progress for `key` (for tests). */
    count: (key: string) => running.get(key) ?? 0,
  };
}
