import type { CardDetail } from '@cardwise/contracts';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { WizardContext } from '../features/applications/wizard-context.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { APPLICATION_REFERENCE, cardDetailFixture, Providers } from './fixtures.tsx';

/**
 * The wizard opened at /apply/{reference}/{step} for a card (HDFC Millennia unless said), with
 * each named step's element routed at /apply/:applicationId/{name}, so a step that navigates to
 * another it names lands on it.
 */
export function renderWizardAt(
  step: string,
  steps: Record<string, ReactElement>,
  card: CardDetail = cardDetailFixture({ id: 'hdfc_millennia' }),
) {
  return render(
    <MemoryRouter initialEntries={[`/apply/${APPLICATION_REFERENCE}/${step}`]}>
      <Providers>
        <WizardContext.Provider value={{ card, cardId: card.id, base: '/apply' }}>
          <Routes>
            {Object.entries(steps).map(([name, element]) => (
              <Route key={name} path={`/apply/:applicationId/${name}`} element={element} />
            ))}
          </Routes>
        </WizardContext.Provider>
      </Providers>
    </MemoryRouter>,
  );
}

/** The session a wizard step reads: Meera Iyer's token and user in local storage. */
export function signInAsApplicant() {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ id: 'u1', email: 'meera@example.com', name: 'Meera Iyer' }),
  );
}
