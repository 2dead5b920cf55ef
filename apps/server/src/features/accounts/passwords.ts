import { ACCOUNT_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cardwise/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

/**
 * Password hashing and policy.
 *
 * argon2id with OWASP's baseline parameters (19 MiB, 2 passes, 1 lane): memory-hard, about
 * 20-40 ms here, so a login flood costs an attacker more than it costs us (logins are also
 * rate limited). Hashes carry their parameters; `needsRehash` lets a login upgrade a hash
 * when the parameters here are raised.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * For an unknown email, verify against a hash of a random password with the same
 * parameters: the answer takes as long as for a known email with a wrong password.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | undefined;
/** zxcvbn-ts's list of ~49,000 common passwords, shipped in the package: no network at run time. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

/**
 * The server-side policy: the contract's length rule (8-128, never truncated) and numeric
 * rule, plus the checks that need data the web bundle should not carry. Returns the first
 * broken rule's message, or null.
 */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  if (/^[0-9]+$/.test(password)) return ACCOUNT_MESSAGES.passwordNumeric;
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return ACCOUNT_MESSAGES.passwordCommon;
  if (email) {
    const e = email.toLowerCase();
    const local = e.split('@')[0] ?? '';
    if (lower === e || (local.length >= 4 && lower.includes(local)))
      return ACCOUNT_MESSAGES.passwordLikeEmail;
  }
  return null;
}

/** Warm the dictionary and the dummy hash at start-up, not on the first login. */
export function warmPasswordChecks(): void {
  commonPasswords();
  dummyHash ??= hashPassword(crypto.randomUUID());
}
