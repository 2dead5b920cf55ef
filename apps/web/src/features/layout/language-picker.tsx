import { PAGE_LANGUAGES } from '@cardwise/contracts/languages';
import { Languages } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { usePageLanguage, usePageLanguageSync } from '../../lib/page-language.ts';

/**
 * Spec §1's page-language picker. The translation service is not wired in yet (ADR 014), so the
 * choice is stored for when it is, and the page says so instead of pretending to translate. It is
 * the same setting as Settings' and the profile's (lib/page-language.ts).
 */
export function LanguagePicker() {
  const { language, setLanguage } = usePageLanguage();
  // The header is on every page, so a sign-in anywhere brings the profile's language here.
  usePageLanguageSync();
  const current = PAGE_LANGUAGES.find((l) => l.code === language);

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="btn-ghost h-10 px-2.5"
        aria-label={`Page language: ${current?.name ?? 'English'}`}
      >
        <Languages className="size-5" aria-hidden="true" />
        <span className="hidden text-xs font-semibold uppercase lg:inline">{language}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="menu-content w-64">
          <DropdownMenu.Label className="px-3 pt-1.5 pb-1 text-xs font-semibold text-muted-foreground">
            Page language
          </DropdownMenu.Label>
          <p className="px-3 pb-2 text-xs text-muted-foreground">
            Translation is coming soon. We'll remember your choice.
          </p>
          <DropdownMenu.RadioGroup
            value={language}
            onValueChange={(value) => void setLanguage(value)}
            className="max-h-72 overflow-y-auto"
          >
            {PAGE_LANGUAGES.map((l) => (
              <DropdownMenu.RadioItem key={l.code} value={l.code} className="menu-item justify-between">
                <span>{l.name}</span>
                <span className="text-xs text-muted-foreground" lang={l.code}>
                  {l.native}
                </span>
                <DropdownMenu.ItemIndicator className="sr-only">(selected)</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
