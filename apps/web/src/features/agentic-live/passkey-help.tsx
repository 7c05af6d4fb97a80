import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';

const KEY = 'AGENTIC_LIVE.TOOL.PASSKEY';

/**
 * The test data, and a way to a payment passkey: the network approves a mandate with the
 * shopper's passkey only, so a profile without one on this device signs in with the code in the
 * network's window (authenticate), which then offers to create one.
 */
export function PasskeyHelp({
  inWindow,
  ready,
  email,
  code,
}: {
  inWindow(method: string, params: Record<string, unknown>): Promise<unknown>;
  ready: boolean;
  email: string;
  code: string;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(email);
  const [outcome, setOutcome] = useState<'DONE' | 'FAILED'>();
  const [busy, setBusy] = useState(false);
  const heading = useId();
  const field = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(undefined);
    const consumerIdentity = { identityProvider: 'SRC', identityType: 'EMAIL_ADDRESS', identityValue: value };
    inWindow('authenticate', { accountReference: { consumerIdentity } })
      .then(
        () => setOutcome('DONE'),
        () => setOutcome('FAILED'),
      )
      .finally(() => setBusy(false));
  };
  return (
    <details className="agentic-live__passkey">
      <summary id={heading}>{t(`${KEY}.TITLE`)}</summary>
      <p>{t(`${KEY}.TEXT`, { email, code })}</p>
      <form onSubmit={submit} aria-labelledby={heading}>
        <label htmlFor={field}>{t(`${KEY}.EMAIL`)}</label>
        <input
          id={field}
          type="email"
          dir="ltr"
          autoComplete="email"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="button button--secondary" disabled={!ready || busy} aria-busy={busy}>
          {t(`${KEY}.CREATE`)}
        </button>
      </form>
      {outcome && <p role="status">{t(`${KEY}.${outcome}`)}</p>}
    </details>
  );
}
