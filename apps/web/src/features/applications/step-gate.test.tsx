import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import {
  APPLICATION_REFERENCE,
  applicationFixture,
  cardDetailFixture,
  jsonResponse,
  Providers,
} from '../../test/fixtures.tsx';
import { StepGate } from './step-gate.tsx';
import { WizardContext } from './wizard-context.ts';

const CARD = cardDetailFixture({ id: 'hdfc_millennia' });
/** The step's view, given the application and its id (the numeric one, stored by the first answer). */
const LOADED = `${APPLICATION_REFERENCE} as 7`;

/** The gate on an address naming the application (or, with `path` '/apply/step', none). */
function renderGate(
  gate: Omit<Parameters<typeof StepGate>[0], 'children'>,
  { noCard = false, path = `/apply/${APPLICATION_REFERENCE}/step` } = {},
) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Providers>
        <WizardContext.Provider
          value={{ card: noCard ? undefined : CARD, cardId: 'hdfc_millennia', base: '/apply' }}
        >
          <Routes>
            {['/apply/:applicationId/step', '/apply/step'].map((p) => (
              <Route
                key={p}
                path={p}
                element={
                  <StepGate {...gate}>{(app, id) => <p>{`${app.reference_id} as ${id}`}</p>}</StepGate>
                }
              />
            ))}
          </Routes>
        </WizardContext.Provider>
      </Providers>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(applicationFixture())),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('StepGate: what a step shows before its own view', () => {
  it('gives the step the application once it is read', async () => {
    renderGate({});
    expect(screen.getByText('Loading your application...')).toBeTruthy();
    expect(await screen.findByText(LOADED)).toBeTruthy();
  });

  it('asks for the card unless the step says it needs none', async () => {
    renderGate({}, { noCard: true });
    expect(screen.getByText('Card details are missing. Please start again from the card page.')).toBeTruthy();
    cleanup();
    renderGate({ needsCard: false }, { noCard: true });
    expect(await screen.findByText(LOADED)).toBeTruthy();
  });

  it("says a missing id in the step's words, or the content steps' by default", () => {
    renderGate({}, { path: '/apply/step' });
    expect(screen.getByText('Application ID is missing.')).toBeTruthy();
    cleanup();
    renderGate({ missingId: 'No application ID found.' }, { path: '/apply/step' });
    expect(screen.getByText('No application ID found.')).toBeTruthy();
  });
});
