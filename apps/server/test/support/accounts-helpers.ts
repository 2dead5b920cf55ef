import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A password the sign-up rules accept. */
export const TEST_PASSWORD = 'Correct-Horse-9';

export interface SignUpOptions {
  /** Sent as X-Tenant on both calls; unset = the default tenant. */
  tenant?: string;
  /** Default: a new address for every user. */
  email?: string;
  password?: string;
  fullName?: string;
  phoneNumber?: string;
  /**
   * The client address of both calls. Default: a new one per user, so the per-address
   * sign-up and sign-in limits never decide a test that is not about them.
   */
  remoteAddress?: string;
}

export interface SignedUpUser {
  email: string;
  password: string;
  access: string;
  refresh: string;
  user_id: string;
  /** `{ authorization: 'Bearer <access>' }`, to spread into a request's headers. */
  auth: { authorization: string };
  /** The two answers, for tests that look at them (headers, bodies). */
  signup: LightMyRequestResponse;
  login: LightMyRequestResponse;
}

let users = 0;

export function authHeader(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * Signs a new user up and in through the API (POST /api/accounts/signup, then /login), as the
 * web app does. Throws when either call does not succeed (201, then 200), with the answer.
 */
export async function signUp(app: FastifyInstance, o: SignUpOptions = {}): Promise<SignedUpUser> {
  users++;
  const email = o.email ?? `user${users}-${randomBytes(4).toString('hex')}@example.com`;
  const password = o.password ?? TEST_PASSWORD;
  const remoteAddress = o.remoteAddress ?? `10.250.${Math.floor(users / 250) % 250}.${(users % 250) + 1}`;
  const headers = o.tenant ? { 'x-tenant': o.tenant } : {};
  const signup = await app.inject({
    method: 'POST',
    url: '/api/accounts/signup',
    remoteAddress,
    headers,
    payload: {
      full_name: o.fullName ?? 'Meera Iyer',
      email,
      phone_number: o.phoneNumber ?? '9876543210',
      password,
      confirm_password: password,
    },
  });
  if (signup.statusCode !== 201) {
    throw new Error(`sign-up of ${email} answered ${signup.statusCode}: ${signup.body}`);
  }
  const login = await app.inject({
    method: 'POST',
    url: '/api/accounts/login',
    remoteAddress,
    headers,
    payload: { email, password },
  });
  if (login.statusCode !== 200) {
    throw new Error(`sign-in of ${email} answered ${login.statusCode}: ${login.body}`);
  }
  const body = login.json() as { access: string; refresh: string; user_id: string };
  return {
    email,
    password,
    access: body.access,
    refresh: body.refresh,
    user_id: body.user_id,
    auth: authHeader(body.access),
    signup,
    login,
  };
}
