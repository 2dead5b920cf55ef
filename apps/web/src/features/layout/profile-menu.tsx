import { LogIn, LogOut, Settings, User, UserPlus } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { initialsOf } from '../../lib/format.ts';
import { useMenuNavigationFocus } from './use-menu-navigation-focus.ts';
import { useSession } from './use-session.ts';

/** Spec §2 profile menu: Profile, Settings, Logout when signed in; Sign In, Sign Up otherwise. */
export function ProfileMenu() {
  const user = useSession();
  const label = user ? (user.name ?? user.email ?? 'Your account') : null;
  // Its items are links too: after one, focus goes to the new page, as in the navigation menu.
  const { onNavigate, onCloseAutoFocus } = useMenuNavigationFocus();

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex size-10 items-center justify-center rounded-full border touch:size-11 border-border bg-card text-sm font-bold text-foreground transition hover:bg-muted"
        aria-label={label ? `Account menu for ${label}` : 'Account menu'}
      >
        {label ? (
          <span aria-hidden="true">{initialsOf(label)}</span>
        ) : (
          <User className="size-5" aria-hidden="true" />
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="menu-content"
          onCloseAutoFocus={onCloseAutoFocus}
        >
          {user ? (
            <>
              <DropdownMenu.Label className="px-3 py-2 text-xs text-muted-foreground">
                Signed in as <span className="font-semibold text-foreground">{label}</span>
              </DropdownMenu.Label>
              <DropdownMenu.Item asChild className="menu-item" onSelect={onNavigate}>
                <Link to="/profile">
                  <User className="size-4" aria-hidden="true" /> Profile
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className="menu-item" onSelect={onNavigate}>
                <Link to="/settings">
                  <Settings className="size-4" aria-hidden="true" /> Settings
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              <DropdownMenu.Item asChild className="menu-item" onSelect={onNavigate}>
                <Link to="/logout">
                  <LogOut className="size-4" aria-hidden="true" /> Logout
                </Link>
              </DropdownMenu.Item>
            </>
          ) : (
            <>
              <DropdownMenu.Item asChild className="menu-item" onSelect={onNavigate}>
                <Link to="/login">
                  <LogIn className="size-4" aria-hidden="true" /> Sign In
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className="menu-item" onSelect={onNavigate}>
                <Link to="/register">
                  <UserPlus className="size-4" aria-hidden="true" /> Sign Up
                </Link>
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
