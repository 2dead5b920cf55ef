import { Menu } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, NavLink } from 'react-router';
import { BrandMark } from './brand-mark.tsx';
import { LanguagePicker } from './language-picker.tsx';
import { HEADER_LINKS } from './nav-links.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

function navClass({ isActive }: { isActive: boolean }): string {
  return `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-accent text-primary' : 'text-muted-foreground hover:bg-muted hover:text-foreground'
  }`;
}

export function Header() {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-card focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="container-page flex h-16 items-center gap-3">
        <Link to="/" className="mr-auto rounded-lg lg:mr-4">
          <BrandMark />
        </Link>
        <nav aria-label="Main" className="mr-auto hidden items-center gap-1 lg:flex">
          {HEADER_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-1">
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
              <DropdownMenu.Content align="end" sideOffset={8} className="menu-content w-56">
                {HEADER_LINKS.map((link) => (
                  <DropdownMenu.Item key={link.to} asChild className="menu-item">
                    <Link to={link.to}>{link.label}</Link>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>
    </header>
  );
}
