import { PIN_CODE_MESSAGES, type ProfileUpdateParsed, pincodeStateProblem } from '@cardwise/contracts';
import { invalidField } from '../../plumbing/errors.ts';
import type { AccountsRepository, StoredAddress } from './accounts-repository.ts';

/**
 * PATCH/PUT the profile: a partial update. One of State and PIN code changed alone is judged with
 * the other as stored (the schema judges the pair sent together): a client that sends only the
 * PIN code must not put a Delhi PIN code under a Karnataka address, which the next application's
 * prefill takes (ADR 030). Unchanged ones are left alone, so an old mismatch does not block other
 * edits.
 */
export async function updateProfile(
  repo: AccountsRepository,
  me: { tenantId: string; id: string },
  input: ProfileUpdateParsed,
): Promise<void> {
  const { state, pincode } = input;
  const guard =
    !state === !pincode
      ? undefined
      : (stored: StoredAddress) => {
          const problem = pincodeStateProblem(pincode || stored.pincode || '', state || stored.state || '');
          if (problem && problem !== PIN_CODE_MESSAGES.notIndian) throw invalidField('pincode', problem);
        };
  await repo.updateProfile(me.tenantId, me.id, input, guard);
}
