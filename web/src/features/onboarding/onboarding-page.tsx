import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { onboardingApi, type TOnboardingNotifications } from '@cartwise/contracts';
import { BrandMark, Button, FormMessage, Spinner, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { useAuth } from '../auth/auth-context';
import { NameStep, NotificationsStep, StoresStep } from './onboarding-steps';
import './onboarding.css';

const STEPS = ['Your name', 'Home stores', 'Notifications'] as const;
const DEFAULT_NOTIFICATIONS: TOnboardingNotifications = { marketing: false, product: true, receipts: true };

export default function OnboardingPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { reloadProfile } = useAuth();
  const query = useQuery({ queryKey: ['onboarding'], queryFn: ({ signal }) => callApi(onboardingApi.get, { signal }) });
  const [step, setStep] = useState(0);
  // Only the shopper's edits live in state; until a field is edited it shows what the server has.
  // (Copying the loaded data into state in an effect left one render with empty fields.)
  const [fullNameDraft, setFullName] = useState<string | null>(null);
  const [displayNameDraft, setDisplayName] = useState<string | null>(null);
  const [storeIdsDraft, setStoreIds] = useState<string[] | null>(null);
  const [notificationsDraft, setNotifications] = useState<typeof DEFAULT_NOTIFICATIONS | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const saved = query.data;
  const fullName = fullNameDraft ?? saved?.profile.full_name ?? '';
  const displayName = displayNameDraft ?? saved?.profile.display_name ?? '';
  const storeIds = storeIdsDraft ?? saved?.home_store_ids ?? [];
  const notifications = notificationsDraft ?? saved?.preferences ?? DEFAULT_NOTIFICATIONS;

  // Moving between steps moves focus to the new step's heading so screen readers announce it.
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  async function finishWith(run: () => Promise<unknown>, successMessage: string) {
    setIsBusy(true);
    setError(null);
    try {
      await run();
      await reloadProfile();
      await queryClient.invalidateQueries();
      toast.success(successMessage);
      await navigate('/u/dashboard', { replace: true });
    } catch (err) {
      setError(getErrorMessage(err, 'Could not save your choices'));
      setIsBusy(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step < STEPS.length - 1) {
      setStep(step + 1);
      return;
    }
    void finishWith(
      () => callApi(onboardingApi.complete, { body: { fullName, displayName, homeStoreIds: storeIds, notifications } }),
      'You are all set',
    );
  }

  function handleSkip() {
    void finishWith(() => callApi(onboardingApi.skip, {}), 'You can finish setting up any time in Settings');
  }

  return (
    <main className="centered-page onboarding">
      <p className="brand brand-centered">
        <BrandMark />
        Cartwise
      </p>
      <div className="auth-card onboarding-card">
        <h1 className="auth-title center">Welcome to Cartwise</h1>
        {query.isPending ? <Spinner /> : null}
        {query.isError ? <FormMessage tone="error">{getErrorMessage(query.error, 'Could not load your details')}</FormMessage> : null}
        {query.isSuccess ? (
          <form className="form" onSubmit={handleSubmit} noValidate>
            <ol className="onboarding-progress" aria-label="Progress">
              {STEPS.map((label, index) => (
                <li
                  key={label}
                  className={index === step ? 'is-current' : index < step ? 'is-done' : undefined}
                  aria-current={index === step ? 'step' : undefined}
                >
                  {label}
                </li>
              ))}
            </ol>
            <h2 className="onboarding-step-title" ref={headingRef} tabIndex={-1}>
              Step {step + 1} of {STEPS.length}: {STEPS[step]}
            </h2>
            {step === 0 ? (
              <NameStep fullName={fullName} displayName={displayName} onFullName={setFullName} onDisplayName={setDisplayName} />
            ) : null}
            {step === 1 ? (
              <StoresStep
                stores={query.data.stores}
                selected={storeIds}
                onToggle={(id, isOn) =>
                  setStoreIds((draft) => {
                    const current = draft ?? storeIds;
                    return isOn ? [...current, id] : current.filter((storeId) => storeId !== id);
                  })
                }
              />
            ) : null}
            {step === 2 ? (
              <NotificationsStep
                values={notifications}
                onChange={(key, isOn) => setNotifications((draft) => ({ ...(draft ?? notifications), [key]: isOn }))}
              />
            ) : null}
            {error ? <FormMessage tone="error">{error}</FormMessage> : null}
            <div className="onboarding-actions">
              {step > 0 ? (
                <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={isBusy}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" isBusy={isBusy} busyLabel="Saving...">
                {step < STEPS.length - 1 ? 'Next' : 'Finish'}
              </Button>
            </div>
            <Button variant="ghost" onClick={handleSkip} disabled={isBusy}>
              Skip for now
            </Button>
          </form>
        ) : null}
      </div>
    </main>
  );
}
