import type { AccountNotification } from '@cardwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatDayInIndia } from '../../lib/format.ts';
import { accountKeys, fetchNotifications, markNotificationRead } from './accounts-api.ts';
import { ProfileListSection } from './profile-list-section.tsx';

export const NOTIFICATIONS_SECTION_ID = 'notifications';
// Not just 'Notifications': the toaster's live region is named so already ("Notifications alt+T"),
// and a screen reader's list of landmarks would show two of them.
export const NOTIFICATIONS_TITLE = 'Your notifications';
export const NOTIFICATIONS_FAILED = 'Failed to load your notifications. Please try again.';

/**
 * /profile: the messages the server keeps for this person (GET accounts/notifications), such as
 * a friend joining with their code. Unread ones stand out until marked read.
 */
export function NotificationsSection() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: accountKeys.notifications,
    queryFn: fetchNotifications,
    staleTime: 0,
    meta: { toast: false },
  });
  // A failure is the app's 'Error {status}' toast; the list is read again either way, so a
  // notification that is gone (404) or already read elsewhere shows as it is on the server.
  const markRead = useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.notifications }),
  });
  const unread = query.data?.filter((n) => !n.is_read).length ?? 0;
  return (
    <ProfileListSection
      id={NOTIFICATIONS_SECTION_ID}
      title={NOTIFICATIONS_TITLE}
      intro={unread > 0 ? `${unread} unread, newest first.` : 'Newest first.'}
      query={query}
      failedText={NOTIFICATIONS_FAILED}
      emptyIcon={Bell}
      empty="You have no notifications."
    >
      {(items) => (
        <ul className="space-y-3" aria-label="Notifications, newest first">
          {items.map((n) => (
            <NotificationItem
              key={n.id}
              notification={n}
              marking={markRead.isPending && markRead.variables === n.id}
              justMarked={markRead.variables === n.id}
              onMarkRead={() => markRead.mutate(n.id)}
            />
          ))}
        </ul>
      )}
    </ProfileListSection>
  );
}

function NotificationItem({
  notification: n,
  marking,
  justMarked,
  onMarkRead,
}: {
  notification: AccountNotification;
  marking: boolean;
  justMarked: boolean;
  onMarkRead: () => void;
}) {
  const item = useRef<HTMLLIElement>(null);
  // Marked read, the button leaves with the focus on it: the keyboard would restart from the
  // top of the page. Focus stays on the notification instead.
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (justMarked && n.is_read && lost) item.current?.focus();
  }, [justMarked, n.is_read]);
  return (
    <li
      ref={item}
      tabIndex={-1}
      // On a phone the button goes under the text: beside it, it took a third of the width and
      // squeezed the message into a narrow column of short lines.
      className={`flex flex-col items-start gap-3 rounded-xl border p-4 sm:flex-row sm:justify-between ${
        n.is_read ? 'border-border' : 'border-primary/40 bg-accent/40'
      }`}
    >
      <div className="w-full min-w-0 sm:w-auto sm:flex-1">
        <p className="flex items-center gap-2 font-medium">
          {n.is_read ? null : <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />}
          <span className="break-words">{n.title}</span>
          {n.is_read ? null : <span className="sr-only">(unread)</span>}
        </p>
        <p className="mt-1 break-words text-sm text-muted-foreground">{n.message}</p>
        <p className="mt-1 text-xs text-muted-foreground">{formatDayInIndia(n.created_at)}</p>
      </div>
      {n.is_read ? null : (
        <button type="button" className="btn-outline shrink-0" disabled={marking} onClick={onMarkRead}>
          {marking ? 'Marking…' : 'Mark as read'}
        </button>
      )}
    </li>
  );
}
