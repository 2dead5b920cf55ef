import { Check } from 'lucide-react';
import { usePageTitle } from '../layout/use-page-title.ts';
import { ColorModeToggle } from './color-mode-toggle.tsx';
import { useTenant } from './tenant-context.ts';
import { themeDisplayName, toCssColor } from './theme.ts';

/** /tenant-settings: colour mode and theme for this site, remembered per tenant (spec §4). */
export default function TenantSettingsPage() {
  usePageTitle('Site Settings');
  const { config, theme, colorMode, setThemeName, companyName } = useTenant();
  return (
    <section className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-bold tracking-tight">Site Settings</h1>
      <p className="mt-2 text-muted-foreground">
        Appearance of {companyName} on this device. Your choices are saved in this browser.
      </p>

      <h2 className="mt-10 text-lg font-semibold">Colour mode</h2>
      <ColorModeToggle className="mt-3 flex gap-3" />

      <h2 className="mt-10 text-lg font-semibold">Theme</h2>
      {config ? (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {config.themes.map((t) => {
            const active = theme?.name === t.name;
            const colors = colorMode === 'dark' ? t.dark : t.light;
            return (
              <li key={t.name}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => setThemeName(t.name)}
                  className={`flex w-full items-center gap-3 rounded-xl border p-4 text-left transition ${active ? 'border-primary ring-2 ring-primary' : 'border-border hover:bg-muted'}`}
                >
                  <span className="flex shrink-0 -space-x-1.5" aria-hidden="true">
                    {[colors.primary, colors.accent, colors.background].map((c) => (
                      <span
                        key={c}
                        className="size-6 rounded-full border border-border"
                        style={{ background: toCssColor(c) }}
                      />
                    ))}
                  </span>
                  <span className="flex-1">
                    <span className="flex flex-wrap items-center gap-x-2 font-semibold">
                      {themeDisplayName(t.name)}
                      {t.name === config.theme.name ? (
                        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
                          Site default
                        </span>
                      ) : null}
                    </span>
                    <span className="block text-xs text-muted-foreground">{t.description}</span>
                  </span>
                  {active ? <Check className="size-5 text-primary" aria-hidden="true" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">Themes load with the site configuration.</p>
      )}
    </section>
  );
}
