import type { LoginResponse } from '@cardwise/contracts';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { logInByApi, type NewAccount, PASSWORD, signUpByApi, storeSession } from './accounts.ts';
import { launchChromium } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

/** What a page's browser context has besides its viewport: touch, downloads, pixel density. */
export type PageOptions = Omit<BrowserContextOptions, 'viewport'>;

export interface JourneyOptions {
  /** Environment the server gets beyond this process's (startServer's `env`). */
  serverEnv?: Record<string, string>;
}

export interface Journey {
  /** The real server of this file's journeys (started in beforeAll). */
  readonly server: RunningServer;
  /** Every uncaught page error of every page opened here: a journey ends by expecting none. */
  readonly pageErrors: string[];
  /** A page in a fresh browser context (its own storage) at this viewport; `page.context()` is it. */
  newPage(viewport: { width: number; height: number }, options?: PageOptions): Promise<Page>;
  /**
   * A fresh page signed in as a new account (signed up and in through the API, not the forms),
   * with the name and mobile number given, or sign-up's defaults.
   */
  signedInPage(
    viewport: { width: number; height: number },
    label: string,
    account?: Pick<NewAccount, 'fullName' | 'phoneNumber'>,
  ): Promise<{ page: Page; session: LoginResponse }>;
}

/**
 * The opening every browser journey file shares: the real server on an
 * ephemeral port and Debian's chromium, started once before the file's tests and stopped after.
 * Call it at the top level of an e2e file.
 */
export function setUpJourney(options: JourneyOptions = {}): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    server = await startServer({ env: options.serverEnv });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = () => {
    if (!server || !browser)
      throw new Error('the journey has not started: call setUpJourney() at the top level');
    return { server, browser };
  };
  const newPage: Journey['newPage'] = async (viewport, options) => {
    const context = await started().browser.newContext({ ...options, viewport });
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    return page;
  };
  return {
    get server() {
      return started().server;
    },
    pageErrors,
    newPage,
    async signedInPage(viewport, label, account = {}) {
      const { url } = started().server;
      const page = await newPage(viewport);
      const email = `${label}.${viewport.width}.${Date.now()}@example.com`;
      await signUpByApi(url, { ...account, email, password: PASSWORD });
      const session = await logInByApi(url, email, PASSWORD);
      // The session is stored on the app's origin, so a page of it must be open first.
      await page.goto(`${url}/about`);
      await storeSession(page, session);
      return { page, session };
    },
  };
}
