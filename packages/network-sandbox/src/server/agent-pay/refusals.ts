// How the Agent Pay routes refuse: the network's error body with an agentic reason (errors.ts of
// @c2p/agentic) and, for a credential, the checks that ran up to the one that failed.
import { AGENTIC_ERRORS, type AgenticErrorCode, type Check } from '@c2p/agentic';
import { ApiError } from '../errors.ts';

/** A check of the network's own records (the token, the mandate, the spend), beside the credentials' checks. */
export type NetworkCheck = Omit<Check, 'layer'> & { layer: Check['layer'] | 'network' };

const UNREADABLE: readonly AgenticErrorCode[] = ['CREDENTIAL_MALFORMED', 'DISCLOSURE_INVALID', 'WRONG_TYPE'];

const statusOf = (code: AgenticErrorCode) =>
  code === 'CREDENTIAL_REPLAYED' ? 409 : UNREADABLE.includes(code) || code === 'UNSUPPORTED_ALGORITHM' ? 400 : 403;

export class AgenticRefusal extends ApiError {
  constructor(
    code: AgenticErrorCode,
    options: { source?: string; message?: string; checks?: readonly NetworkCheck[] } = {},
  ) {
    const source = options.source === undefined ? {} : { source: options.source, sourceType: 'BODY' as const };
    super(statusOf(code), code, options.message ?? AGENTIC_ERRORS[code], [{ reason: code, ...source }]);
    this.checks = options.checks;
  }

  readonly checks: readonly NetworkCheck[] | undefined;

  override toBody() {
    return { ...super.toBody(), ...(this.checks ? { checks: this.checks } : {}) };
  }
}
