import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers, tenantConfig } from '../../test/fixtures.tsx';
import TenantSettingsPage from './tenant-settings-page.tsx';

afterEach(cleanup);

describe('Site Settings themes', () => {
  it("marks the partner's own theme as the site default, and shows the orange one as Classic, never as Default", () => {
    const base = tenantConfig();
    const classic = { ...base.theme, name: 'default' as const, description: 'Warm orange on clean white.' };
    const ocean = { ...base.theme, name: 'ocean' as const, description: 'Calm teal and blue.' };
    render(
      <Providers config={tenantConfig({ theme: ocean, themes: [classic, ocean] })}>
        <TenantSettingsPage />
      </Providers>,
    );
    const classicButton = screen.getByRole('button', { name: /^Classic/ });
    const oceanButton = screen.getByRole('button', { name: /^Ocean/ });
    expect(within(oceanButton).getByText('Site default')).toBeTruthy();
    expect(within(classicButton).queryByText('Site default')).toBeNull();
    expect(screen.queryByText('Default')).toBeNull();
  });
});
