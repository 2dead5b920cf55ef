import type { SignupResponse, signupRequestSchema } from '@cardwise/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { invalidField } from '../../plumbing/errors.ts';
import type { AccountsRepository } from './accounts-repository.ts';
import { hashPassword, passwordProblem } from './passwords.ts';

/**
 * POST /accounts/signup: a new user of the tenant, with a referral code of its own and, when it
 * came with one, the user who referred it.
 */
export async function signUp(
  repo: AccountsRepository,
  tenant: { id: string; brandName: string },
  b: z.output<typeof signupRequestSchema>,
): Promise<SignupResponse> {
  const problem = passwordProblem(b.password, b.email);
  if (problem) throw invalidField('password', problem, 'invalid_password');
  let referrer: Awaited<ReturnType<typeof repo.userByReferralCode>>;
  if (b.referral_code) {
    referrer = await repo.userByReferralCode(tenant.id, b.referral_code);
    if (!referrer) throw invalidField('referral_code', 'Invalid referral code.');
  }
  const taken = () => invalidField('email', 'A user with this email already exists.', 'email_taken');
  if (await repo.userByEmail(tenant.id, b.email)) throw taken();
  const passwordHash = await hashPassword(b.password);
  try {
    const user = await repo.createUser({
      tenantId: tenant.id,
      brandName: tenant.brandName,
      email: b.email,
      fullName: b.full_name,
      phoneNumber: b.phone_number,
      passwordHash,
      referrer,
    });
    return { user_id: user.id, email: user.email, name: user.full_name, referral_code: user.referral_code };
  } catch (e) {
    // Two sign-ups of one email at once: the second finds no user above, and the index refuses it.
    if (isUniqueViolation(e, 'users_tenant_email_uq')) throw taken();
    throw e;
  }
}
