import './agentic-live.css';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import {
  CheckList,
  CredentialView,
  decodeCredentials,
  refusalText,
  type DecodedCredential,
  type PartyCheck,
} from '../agentic';
import { sampleChain, verifyChain, type ChainInput } from './chain-sample';
import { JsonDemoForm } from '../../components/form/json-demo-form';

const KEY = 'AGENTIC_LIVE.CHAIN_DEMO';

interface Verdict {
  ok: boolean;
  checks: readonly PartyCheck[];
  error?: { code: string; message: string };
  credentials: readonly DecodedCredential[];
}

/**
 * Verifying a mandate chain (issue 39): a chain made in the page (or one pasted), run through the
 * product's verifier (`verifyMandate` of @c2p/agentic), each check with the values it compared,
 * and the credentials decoded with their hashes.
 */
export default function MandateChainDemo() {
  const { t } = useTranslation();
  const [chain, setChain] = useState<ChainInput>();
  const [made, setMade] = useState(0);
  const [verdict, setVerdict] = useState<Verdict>();
  const [running, setRunning] = useState(false);
  useEffect(() => {
    let live = true;
    void sampleChain(`${window.location.origin}/sandbox`).then((sample) => live && setChain(sample));
    return () => {
      live = false;
    };
  }, [made]);
  const run = async (input: Record<string, unknown>) => {
    setRunning(true);
    try {
      const [report, credentials] = await Promise.all([
        verifyChain(input as Partial<ChainInput>),
        decodeCredentials({ l1: input.l1, l2: input.l2 }, undefined),
      ]);
      setVerdict({ ...report, credentials });
    } finally {
      setRunning(false);
    }
  };
  return (
    <div className="component-demo" data-testid="mandate-chain-demo">
      <JsonDemoForm
        key={chain?.l2 ?? 'none'}
        pageKey="MANDATE_CHAIN"
        initial={chain ?? { l1: '', l2: '', issuerJwk: {}, audience: '' }}
        running={running || chain === undefined}
        onRun={(input) => void run(input)}
      />
      <button type="button" className="button button--ghost" onClick={() => setMade(made + 1)}>
        {t(`${KEY}.NEW_CHAIN`)}
      </button>
      <section aria-labelledby="chain-result" aria-live="polite" className="agentic-demo__result">
        <h3 id="chain-result">{t(`${KEY}.RESULT_TITLE`)}</h3>
        {verdict === undefined ? (
          <p>{t(`${KEY}.NOT_RUN`)}</p>
        ) : (
          <div data-testid="demo-response" className="agentic-demo__result">
            <p data-testid="chain-verdict" className={verdict.ok ? undefined : 'field__error'}>
              {verdict.ok
                ? t(`${KEY}.VERIFIED`)
                : t(`${KEY}.REFUSED`, {
                    message: refusalText(t, verdict.error?.code ?? '', verdict.error?.message),
                  })}{' '}
              {verdict.error && <code dir="ltr">{verdict.error.code}</code>}
            </p>
            <CheckList checks={verdict.checks} />
            {verdict.credentials.map((credential) => (
              <CredentialView key={credential.path} credential={credential} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
