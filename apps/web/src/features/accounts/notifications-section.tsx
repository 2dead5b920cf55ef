import type { AccountNotification } from '@cardwise/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatDayInIndia } from '../../lib/format.ts';
import { accountKeys, fetchNotifications, markNotificationRead } from './accounts-api.ts';

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
  const headingId = `${NOTIFICATIONS_SECTION_ID}-heading`;
  return (
    <section
      id={NOTIFICATIONS_SECTION_ID}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {NOTIFICATIONS_TITLE}
      </h2>
      <p className="mt-0.5 text-sm text-muted-foreground">
        {unread > 0 ? `${unread} unread, newest first.` : 'Newest first.'}
      </p>
      <div className="mt-5">
        {query.isPending ? (
          <div className="skeleton h-16" aria-busy="true" />
        ) : query.isError ? (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed border-border p-4 text-sm">
            <span>{NOTIFICATIONS_FAILED}</span>
            <button type="button" className="btn-outline" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : query.data.length ? (
          <ul className="space-y-3" aria-label="Notifications, newest first">
            {query.data.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                marking={markRead.isPending && markRead.variables === n.id}
                justMarked={markRead.variables === n.id}
                onMarkRead={() => markRead.mutate(n.id)}
              />
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-2 rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
            <Bell className="size-4 shrink-0" aria-hidden="true" />
            <span>You have no notifications.</span>
          </p>
        )}
      </div>
    </section>
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
      className={`flex flex-wrap items-start justify-between gap-3 rounded-xl border p-4 ${
        n.is_read ? 'border-border' : 'border-primary/40 bg-accent/40'
      }`}
    >
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 font-medium">
          {n.is_read ? null : <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />}
          <span className="break-words">{n.title}</span>
          {n.is_read ? null : <span className="sr-only">(unread)</span>}
        </p>
        <p className="mt-1 break-words text-sm text-muted-foreground">{n.message}</p>
        <p className="mt-1 text-xs text-muted-foreground">{formatDayInIndia(n.created_at)}</p>
      </div>
      {n.is_read ? null : (
        <button type="button" className="btn-outline" disabled={marking} onClick={onMarkRead}>
          {marking ? 'Marking…' : 'Mark as read'}
        </button>
      )}
    </li>
  );
}
