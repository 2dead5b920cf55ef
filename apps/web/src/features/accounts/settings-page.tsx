import { type ChangePasswordRequest, changePasswordRequestSchema } from '@cardwise/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { describeError } from '../../lib/api-errors.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { usePageTitle } from '../layout/use-page-title.ts';
import { useSession } from '../layout/use-session.ts';
import { ColorModeToggle } from '../tenant/color-mode-toggle.tsx';
import { useTenant } from '../tenant/tenant-context.ts';
import { themeDisplayName } from '../tenant/theme.ts';
import { changePassword, logout } from './accounts-api.ts';
import {
  FormAlert,
  inputClass,
  NewPasswordFields,
  SubmitButton,
  TextField,
  unlessBusy,
} from './form-controls.tsx';
import { PageLanguageSelect } from './page-language-select.tsx';

/** /settings (from the profile menu): theme, language, password, sign out everywhere. */
export default function SettingsPage() {
  usePageTitle('Settings');
  const user = useSession();
  return (
    <section className="container-page max-w-3xl space-y-6 py-8 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
        <p className="mt-1 text-muted-foreground">
          Appearance and language on this device, and your account’s security.
        </p>
      </div>
      <AppearanceSettings />
      <LanguageSettings signedIn={Boolean(user)} />
      {user ? (
        <>
          <PasswordSettings />
          <SignOutEverywhere />
        </>
      ) : (
        <Panel title="Account" description="Sign in to change your password or sign out of other devices.">
          <Link to="/login" state={{ from: '/settings' }} className="btn-primary">
            Sign In
          </Link>
        </Panel>
      )}
    </section>
  );
}

function Panel({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  // "-heading": a panel's control may take the bare name (settings-theme, settings-language), and
  // two elements with one id tied the control's <label> to the heading, leaving the select unnamed.
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function AppearanceSettings() {
  const { config, theme, setThemeName } = useTenant();
  return (
    <Panel title="Theme" description="Colour mode and theme, remembered for this site in this browser.">
      <ColorModeToggle className="flex flex-wrap gap-3" />
      {config ? (
        <div className="mt-4 max-w-xs">
          <label htmlFor="settings-theme" className="mb-1.5 block text-sm font-medium">
            Theme
          </label>
          <select
            id="settings-theme"
            className={inputClass}
            value={theme?.name ?? ''}
            onChange={(e) => setThemeName(e.target.value)}
          >
            {config.themes.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name === config.theme.name
                  ? `${themeDisplayName(t.name)} (site default)`
                  : themeDisplayName(t.name)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </Panel>
  );
}

function LanguageSettings({ signedIn }: { signedIn: boolean }) {
  return (
    <Panel
      title="Language"
      description={`The page language${signedIn ? ', also saved to your profile' : ''}. Translation is coming soon.`}
    >
      <div className="max-w-xs">
        <label htmlFor="settings-language" className="mb-1.5 block text-sm font-medium">
          Page language
        </label>
        <PageLanguageSelect id="settings-language" />
      </div>
    </Panel>
  );
}

function PasswordSettings() {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    mode: 'onTouched',
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await changePassword(values);
      reset();
      notify('Password changed', 'Your other devices have been signed out.');
    } catch (error) {
      setServerError(describeError(error).message);
    }
  });
  return (
    <Panel title="Change password" description="Changing it signs you out on every other device.">
      <form
        onSubmit={unlessBusy(isSubmitting, onSubmit, () => setServerError(null))}
        noValidate
        className="grid max-w-md gap-4"
      >
        <FormAlert message={serverError} />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <NewPasswordFields
          password={{
            label: 'New password',
            error: errors.new_password?.message,
            ...register('new_password'),
          }}
          confirm={{
            label: 'Confirm new password',
            error: errors.confirm_password?.message,
            ...register('confirm_password'),
          }}
        />
        <div>
          <SubmitButton busy={isSubmitting} className="btn-primary">
            <KeyRound className="size-4" aria-hidden="true" />
            {isSubmitting ? 'Changing…' : 'Change password'}
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}

function SignOutEverywhere() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function signOutEverywhere() {
    setBusy(true);
    try {
      await logout({ everywhere: true });
      notify('Signed out everywhere', 'Every session of your account has ended.');
    } catch (error) {
      notifyError(error);
    } finally {
      queryClient.clear();
      setBusy(false);
      navigate('/login', { replace: true });
    }
  }
  return (
    <Panel
      title="Sign out everywhere"
      description="End every session of your account, on all devices, including this one."
    >
      <button type="button" className="btn-outline" onClick={() => void signOutEverywhere()} disabled={busy}>
        <LogOut className="size-4" aria-hidden="true" />
        {busy ? 'Signing out…' : 'Sign out everywhere'}
      </button>
    </Panel>
  );
}
