import './agentic.css';
import { useTranslation } from '../../lib/i18n';
import type { DecodedCredential, HashCheck } from './credential-decoder';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** One hash: where it is, its value, what it must equal and, where the call carries that, whether it does. */
function HashLine({ hash }: { hash: HashCheck }) {
  const { t } = useTranslation();
  const outcome = hash.matches === undefined ? 'skip' : hash.matches ? 'pass' : 'fail';
  return (
    <li className="agentic-hash" data-outcome={outcome} data-testid="credential-hash">
      <code dir="ltr" className="agentic-value">
        {hash.claim}
      </code>{' '}
      <code dir="ltr" className="agentic-value">
        {hash.value}
      </code>
      <span className="agentic-hash__rule">{t(`AGENTIC_LIVE.HASH.${hash.rule}`)}</span>
      {hash.expected !== undefined && (
        <span className="agentic-hash__expected">
          {t('AGENTIC_LIVE.HASH.COMPUTED')}{' '}
          <code dir="ltr" className="agentic-value">
            {hash.expected}
          </code>
        </span>
      )}
      <span className="agentic-hash__outcome">
        {hash.matches === undefined ? t('AGENTIC_LIVE.HASH.NOT_IN_CALL') : t(`AGENTIC.OUTCOME.${outcome}`)}
      </span>
    </li>
  );
}

/**
 * A credential decoded (the credential decoder): its layer, header, disclosed claims and every hash
 * with what it must equal. Masked as the API log masks; the signature is never shown.
 */
export function CredentialView({ credential }: { credential: DecodedCredential }) {
  const { t } = useTranslation();
  const { layer, path, header, claims, hashes, disclosures, unreadable } = credential;
  return (
    <div className="agentic-credential" data-testid="credential" data-layer={layer}>
      <p className="agentic-credential__title">
        {t(`AGENTIC_LIVE.CREDENTIAL.${layer}`)}{' '}
        <code dir="ltr" className="agentic-value">
          {path}
        </code>
      </p>
      {unreadable !== undefined ? (
        <p className="agentic-credential__unreadable">{t('AGENTIC_LIVE.DECODER.UNREADABLE', { detail: unreadable })}</p>
      ) : (
        <>
          <p className="agentic-label">{t('AGENTIC.ORDER.HEADER')}</p>
          <pre dir="ltr" className="agentic-json" tabIndex={0} data-testid="credential-header">
            {json(header)}
          </pre>
          <p className="agentic-label">
            {layer === 'checkout'
              ? t('AGENTIC_LIVE.DECODER.PAYLOAD')
              : t('AGENTIC_LIVE.DECODER.CLAIMS', { count: disclosures })}
          </p>
          <pre dir="ltr" className="agentic-json" tabIndex={0} data-testid="credential-claims">
            {json(claims)}
          </pre>
          {hashes.length > 0 && (
            <>
              <p className="agentic-label">{t('AGENTIC_LIVE.DECODER.HASHES')}</p>
              <ul className="agentic-hashes">
                {hashes.map((hash, index) => (
                  <HashLine key={index} hash={hash} />
                ))}
              </ul>
            </>
          )}
          <p className="agentic-note">{t('AGENTIC_LIVE.DECODER.NO_SIGNATURE')}</p>
        </>
      )}
    </div>
  );
}
