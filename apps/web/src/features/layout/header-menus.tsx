import { Menu } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { LanguagePicker } from './language-picker.tsx';
import { HEADER_LINKS } from './nav-links.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { useMenuNavigationFocus } from './use-menu-navigation-focus.ts';

/** The header's controls on the right (Radix dropdown menus and the colour-mode toggle), loaded lazily by Header. */
export default function HeaderMenus() {
  const { onNavigate, onCloseAutoFocus } = useMenuNavigationFocus();
  return (
    <>
      <LanguagePicker />
      <ThemeToggle />
      <ProfileMenu />
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="btn-ghost h-10 w-10 px-0 lg:hidden"
          aria-label="Open navigation menu"
        >
          <Menu className="size-5" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="menu-content w-56"
            onCloseAutoFocus={onCloseAutoFocus}
          >
            {HEADER_LINKS.map((link) => (
              <DropdownMenu.Item key={link.to} asChild className="menu-item" onSelect={onNavigate}>
                <Link to={link.to}>{link.label}</Link>
              </DropdownMenu.Item>
            ))}
            {/* Platform spec §2: /tenant-settings is reached from the mobile settings. */}
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item asChild className="menu-item" onSelect={onNavigate}>
              <Link to="/tenant-settings">Site Settings</Link>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}
