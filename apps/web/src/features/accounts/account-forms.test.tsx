import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, Providers, signInForTest } from '../../test/fixtures.tsx';
import LoginPage from './login-page.tsx';
import RegisterPage from './register-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The sign-up form filled in with a valid new account, and sent. */
const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('Full name'), 'Asha Rao');
  await user.type(screen.getByLabelText('Email'), 'asha@example.com');
  await user.type(screen.getByLabelText('Mobile number'), '9876543210');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'Str0ng!Passw0rd');
  await user.type(screen.getByLabelText('Confirm password'), 'Str0ng!Passw0rd');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
};

/** /register, with /login and a home page to go on to. */
const renderRegister = () => {
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Home</p> },
    ].map((r) => ({ ...r, element: <Providers>{r.element}</Providers> })),
    { initialEntries: ['/register'] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('/register field messages', () => {
  const submit = (user: ReturnType<typeof userEvent.setup>) =>
    user.click(screen.getByRole('button', { name: 'Create account' }));

  it('asks for each empty field in plain words, and sends nothing', async () => {
    const fetchSpy = vi.fn(async () => jsonResponse({}, 500));
    vi.stubGlobal('fetch', fetchSpy);
    renderRegister();
    const user = userEvent.setup();
    await submit(user);
    for (const message of [
      'Enter your full name.',
      'Enter your email address.',
      'Enter your mobile number.',
      'Enter a password.',
      'Confirm your password.',
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    // An empty password is asked for, not called too short.
    expect(screen.queryByText(/too short/)).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says a one-letter name, a short password and a mismatched confirm each in its own words', async () => {
    const fetchSpy = vi.fn(async () => jsonResponse({}, 500));
    vi.stubGlobal('fetch', fetchSpy);
    renderRegister();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'A');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Ab1-xyz');
    await user.type(screen.getByLabelText('Confirm password'), 'Ab1-xyz!');
    await submit(user);
    expect(await screen.findByText('Enter your full name: at least 2 letters.')).toBeTruthy();
    expect(
      screen.getByText('This password is too short. It must contain at least 8 characters.'),
    ).toBeTruthy();
    // Said at once, while the fields above are still wrong: not only once they are put right.
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), ' . ');
    await submit(user);
    expect(await screen.findByText('Enter your full name: at least 2 letters.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('/login field messages', () => {
  it('asks for an email and a password left empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({}, 500)),
    );
    renderRegister().navigate('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
  });
});

describe('/login sent by the application wizard', () => {
  it('says the sign-in is for the application and leads back to it; not for another page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({}, 500)),
    );
    const router = renderRegister();
    await router.navigate('/login', { state: { from: '/cards/apply/hdfc/hdfc_millennia' } });
    expect((await screen.findByTestId('apply-sign-in-note')).textContent).toBe(
      'Sign in to continue your card application. You will go straight back to it.',
    );
    await router.navigate('/login', { state: { from: '/profile' } });
    await waitFor(() => expect(screen.queryByTestId('apply-sign-in-note')).toBeNull());
  });
});

describe('/register with an email that already has an account', () => {
  it('offers to sign in with that email, which the sign-in form then holds', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ detail: 'A user with this email already exists.', code: 'email_taken' }, 400),
      ),
    );
    const router = renderRegister();
    const user = userEvent.setup();
    await fill(user);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('A user with this email already exists. Sign in with this email');
    await user.click(screen.getByRole('link', { name: 'Sign in with this email' }));
    expect(router.state.location.pathname).toBe('/login');
    expect((await screen.findByLabelText('Email')) as HTMLInputElement).toHaveProperty(
      'value',
      'asha@example.com',
    );
  });
});

describe('/register signing the new account in', () => {
  const created = { user_id: '7', email: 'asha@example.com', name: 'Asha Rao', referral_code: 'ASHA7' };
  const signedIn = { access: 'a.b.c', refresh: 'r', user_id: '7', email: created.email, name: 'Asha Rao' };
  /** The server as sign-up meets it: the account is created, then the sign-in answers `login`. */
  const stubSignUpThen = (login: () => Response) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input instanceof Request ? input.url : input).includes('accounts/signup')
          ? jsonResponse(created, 201)
          : login(),
      ),
    );

  it('signs in with what was typed and goes home', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        calls.push(`${url.replace(/^.*\/api\//, '')} ${init?.body ?? ''}`);
        if (url.includes('accounts/signup')) return jsonResponse(created, 201);
        return jsonResponse(signedIn);
      }),
    );
    const router = renderRegister();
    await fill(userEvent.setup());
    await screen.findByText('Home');
    expect(router.state.location.pathname).toBe('/');
    expect(calls[1]).toBe('accounts/login/ {"email":"asha@example.com","password":"Str0ng!Passw0rd"}');
    expect(localStorage.getItem('accessToken')).toBe('a.b.c');
  });

  it('takes a newcomer the wizard sent to sign in back to the application once the account is made', async () => {
    stubSignUpThen(() => jsonResponse(signedIn));
    const router = createMemoryRouter(
      [
        { path: '/register', element: <RegisterPage /> },
        { path: '/login', element: <LoginPage /> },
        { path: '/cards/apply/hdfc/:card', element: <p>Wizard</p> },
        { path: '/', element: <p>Home</p> },
      ].map((r) => ({ ...r, element: <Providers>{r.element}</Providers> })),
      { initialEntries: [{ pathname: '/login', state: { from: '/cards/apply/hdfc/hdfc_millennia' } }] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.getByTestId('apply-sign-in-note').textContent).toBe(
      'Create an account to continue your card application. You will go straight back to it.',
    );
    await fill(user);
    await screen.findByText('Wizard');
    expect(router.state.location.pathname).toBe('/cards/apply/hdfc/hdfc_millennia');
  });

  it('sends the new account to sign in, its email carried, when that sign-in fails', async () => {
    stubSignUpThen(() => jsonResponse({ detail: 'Too many attempts.' }, 429));
    const router = renderRegister();
    await fill(userEvent.setup());
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('asha@example.com');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('/login while signed in', () => {
  it('says whose session this is, with the ways on, and still offers the form', async () => {
    signInForTest();
    const router = createMemoryRouter(
      [
        {
          path: '/login',
          element: (
            <Providers>
              <LoginPage />
            </Providers>
          ),
        },
      ],
      {
        initialEntries: ['/login'],
      },
    );
    render(<RouterProvider router={router} />);
    const note = await screen.findByTestId('signed-in-note');
    expect(note.textContent).toMatch(
      /^You are signed in as \S+@\S+\. Go to your profile or sign out to use another account\.$/,
    );
    expect(screen.getByRole('link', { name: 'sign out' }).getAttribute('href')).toBe('/logout');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
