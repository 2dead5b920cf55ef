import { Languages } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';
import { isLanguageCode, LANGUAGES, type LanguageCode } from './languages.ts';

/**
 * Spec §1's page-language picker. The translation service is not wired in yet
 * (and this machine has no internet to load it), so the choice is stored for when
 * it is, and the page says so instead of pretending to translate.
 */
export function LanguagePicker() {
  const [language, setLanguage] = useState<LanguageCode>(() => {
    const stored = readStorage(STORAGE_KEYS.language);
    return isLanguageCode(stored) ? stored : 'en';
  });

  function choose(value: string) {
    if (!isLanguageCode(value)) return;
    setLanguage(value);
    writeStorage(STORAGE_KEYS.language, value);
    const name = LANGUAGES.find((l) => l.code === value)?.name ?? value;
    if (value !== 'en') {
      notify(
        'Language saved',
        `Pages are in English for now; ${name} will be used once translation is available.`,
      );
    }
  }

  const current = LANGUAGES.find((l) => l.code === language);

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
            onValueChange={choose}
            className="max-h-72 overflow-y-auto"
          >
            {LANGUAGES.map((l) => (
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
