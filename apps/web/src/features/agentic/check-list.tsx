import './agentic.css';
import type { TFunction } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n';
import { ComparedValues } from '../../components/ui/compared-values';
import type { PartyCheck } from './agent-call';

/** A check's name in words: the shop's evidence names first, then the network's and the verifier's; else its code. */
export function checkName(t: TFunction, name: string): string {
  return t(`AGENTIC.CHECK.${name}`, { defaultValue: '' }) || t(`AGENTIC_LIVE.CHECK.${name}`, { defaultValue: name });
}

/** The layer a check read (a credential, the request's signature, the payload, the network's records). */
export function layerName(t: TFunction, layer: string): string {
  return t(`AGENTIC.LAYER.${layer}`, { defaultValue: '' }) || t(`AGENTIC_LIVE.LAYER.${layer}`, { defaultValue: layer });
}

/** A refusal's reason in words (the catalogues' AGENTIC.ERRORS), else the message the party sent. */
export function refusalText(t: TFunction, reason: string, message = ''): string {
  return t(`AGENTIC.ERRORS.${reason}`, { defaultValue: '' }) || message || reason;
}

/** Every check a party made, in order: its layer and name, the outcome, both values compared, the refusal. */
export function CheckList({ checks }: { checks: readonly PartyCheck[] }) {
  const { t } = useTranslation();
  return (
    <ol className="agentic-checks" data-testid="agent-checks">
      {checks.map((check, index) => (
        <li key={`${check.layer}-${check.name}-${index}`} className="agentic-check" data-outcome={check.outcome}>
          <span className="agentic-check__outcome">{t(`AGENTIC.OUTCOME.${check.outcome}`)}</span>{' '}
          <span className="agentic-check__layer">{layerName(t, check.layer)}</span>
          {' · '}
          <span className="agentic-check__name">{checkName(t, check.name)}</span>
          {check.compared && (
            <ComparedValues
              compared={check.compared}
              className="agentic-check__compared"
              valueClassName="agentic-value"
            />
          )}
          {check.outcome === 'fail' && check.code && (
            <p className="agentic-check__refusal">
              <code dir="ltr">{check.code}</code> {refusalText(t, check.code)}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
