import { agenticError, type AgenticError, type AgenticErrorCode } from '../errors.ts';

export type Layer = 'L1' | 'L2' | 'L3a' | 'L3b';

/** How a check compared two values, for the evidence view to say it in words. */
export type Relation = 'equals' | 'at_most' | 'at_least' | 'between' | 'one_of' | 'present';

export interface Comparison {
  readonly relation: Relation;
  readonly expected: unknown;
  readonly actual: unknown;
}

export interface Check {
  /** Stable name, e.g. `sd_hash`; the web app translates it by layer and name. */
  readonly name: string;
  readonly layer: Layer;
  readonly outcome: 'pass' | 'fail' | 'skip';
  readonly compared?: Comparison;
  readonly code?: AgenticErrorCode;
  /** Why a check was skipped, or which item failed. */
  readonly note?: string;
}

/** One credential as the verifier read it: signed header and payload, each disclosure, and the claims they resolve to. */
export interface DecodedLayer {
  readonly layer: Layer;
  readonly serialized: string;
  readonly header: Record<string, unknown>;
  readonly payload: Record<string, unknown>;
  readonly disclosures: readonly { digest: string; salt: string; name?: string; value: unknown }[];
  readonly claims: Record<string, unknown>;
}

export interface VerificationReport<Facts> {
  readonly valid: boolean;
  /** The first failed check's reason; verification stops there. */
  readonly error?: AgenticError & { readonly check: string; readonly layer: Layer };
  readonly checks: readonly Check[];
  readonly layers: Partial<Record<Layer, DecodedLayer>>;
  /** What the caller acts on (amount, payee, ids); present only when valid. */
  readonly facts?: Facts;
}

/** Thrown by {@link Checks.require} to stop at the first failure. */
class Refusal extends Error {
  constructor(readonly check: Check & { code: AgenticErrorCode }) {
    super(check.code);
  }
}

/** Records each check in order; a failed required check ends the verification. */
export class Checks {
  readonly list: Check[] = [];
  readonly layers: Partial<Record<Layer, DecodedLayer>> = {};
  /** The layer being read, for a fault that no check anticipated. */
  current: Layer = 'L1';

  pass(layer: Layer, name: string, compared?: Comparison): void {
    this.list.push({ layer, name, outcome: 'pass', ...(compared && { compared }) });
  }

  skip(layer: Layer, name: string, note: string): void {
    this.list.push({ layer, name, outcome: 'skip', note });
  }

  require(
    layer: Layer,
    name: string,
    ok: boolean,
    code: AgenticErrorCode,
    detail: { compared?: Comparison; note?: string } = {},
  ): asserts ok {
    if (ok) {
      this.pass(layer, name, detail.compared);
      return;
    }
    const check = { layer, name, outcome: 'fail', code, ...detail } as const;
    this.list.push(check);
    throw new Refusal(check);
  }

  /** `require` for a value that must equal an expected one, recording both. */
  equal(layer: Layer, name: string, expected: unknown, actual: unknown, code: AgenticErrorCode): void {
    this.require(layer, name, expected === actual, code, { compared: { relation: 'equals', expected, actual } });
  }
}

/** Runs `verify` and turns its first failed check, or any fault reading hostile input, into an invalid report. */
export async function runVerification<Facts>(
  verify: (checks: Checks) => Promise<Facts>,
): Promise<VerificationReport<Facts>> {
  const checks = new Checks();
  try {
    const facts = await verify(checks);
    return { valid: true, checks: checks.list, layers: checks.layers, facts };
  } catch (error) {
    const failed: Check =
      error instanceof Refusal
        ? error.check
        : {
            layer: checks.current,
            name: 'readable',
            outcome: 'fail',
            code: 'CREDENTIAL_MALFORMED',
            note: String(error),
          };
    if (!(error instanceof Refusal)) checks.list.push(failed);
    const code = failed.code ?? 'CREDENTIAL_MALFORMED';
    return {
      valid: false,
      error: { ...agenticError(code), check: failed.name, layer: failed.layer },
      checks: checks.list,
      layers: checks.layers,
    };
  }
}
