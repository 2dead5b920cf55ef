import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { formatDayInIndia } from '../../lib/format.ts';
import { accountKeys, fetchReferredUsers } from './accounts-api.ts';

export const REFERRED_USERS_SECTION_ID = 'referrals';
export const REFERRED_USERS_TITLE = 'Friends you referred';
export const REFERRED_USERS_FAILED = 'Failed to load the friends you referred. Please try again.';

/**
 * /profile: who signed up with my referral code (GET accounts/referred-users). The header
 * invites people to share the code; without this list they could never see that it worked.
 */
export function ReferredUsersSection({ referralCode }: { referralCode: string }) {
  // Read afresh on each visit: a friend may have joined since the list was cached.
  const query = useQuery({
    queryKey: accountKeys.referredUsers,
    queryFn: fetchReferredUsers,
    staleTime: 0,
    meta: { toast: false },
  });
  const headingId = `${REFERRED_USERS_SECTION_ID}-heading`;
  return (
    <section
      id={REFERRED_USERS_SECTION_ID}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {REFERRED_USERS_TITLE}
      </h2>
      <p className="mt-0.5 text-sm text-muted-foreground">
        People who signed up with your referral code{' '}
        <span className="font-mono font-semibold text-foreground">{referralCode}</span>.
      </p>
      <div className="mt-5">
        {query.isPending ? (
          <div className="skeleton h-16" aria-busy="true" />
        ) : query.isError ? (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed border-border p-4 text-sm">
            <span>{REFERRED_USERS_FAILED}</span>
            <button type="button" className="btn-outline" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : query.data.length ? (
          <ul
            className="divide-y divide-border rounded-xl border border-border"
            aria-label={REFERRED_USERS_TITLE}
          >
            {query.data.map((friend) => (
              <li
                key={friend.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4"
              >
                <span className="min-w-0">
                  <span className="block break-words font-medium">{friend.name}</span>
                  <span className="block break-all text-sm text-muted-foreground">{friend.email}</span>
                </span>
                <span className="text-sm text-muted-foreground">
                  Joined {formatDayInIndia(friend.date_joined)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-2 rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
            <Users className="size-4 shrink-0" aria-hidden="true" />
            <span>No one has signed up with your code yet.</span>
          </p>
        )}
      </div>
    </section>
  );
}
