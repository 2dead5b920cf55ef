import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { formatDayInIndia } from '../../lib/format.ts';
import { accountKeys, fetchReferredUsers } from './accounts-api.ts';
import { ProfileListSection } from './profile-list-section.tsx';

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
  return (
    <ProfileListSection
      id={REFERRED_USERS_SECTION_ID}
      title={REFERRED_USERS_TITLE}
      intro={
        <>
          People who signed up with your referral code{' '}
          <span className="font-mono font-semibold text-foreground">{referralCode}</span>.
        </>
      }
      query={query}
      failedText={REFERRED_USERS_FAILED}
      emptyIcon={Users}
      empty="No one has signed up with your code yet."
    >
      {(friends) => (
        <ul
          className="divide-y divide-border rounded-xl border border-border"
          aria-label={REFERRED_USERS_TITLE}
        >
          {friends.map((friend) => (
            <li key={friend.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
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
      )}
    </ProfileListSection>
  );
}
