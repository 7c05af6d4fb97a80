import type { AgenticErrorCode } from '../errors.ts';
import type { Comparison } from './report.ts';

export interface ConstraintOutcome {
  readonly type: string;
  readonly outcome: 'pass' | 'fail' | 'skip';
  readonly code?: AgenticErrorCode;
  readonly compared?: Comparison;
  readonly note?: string;
}

export function fail(type: string, code: AgenticErrorCode, note?: string, compared?: Comparison): ConstraintOutcome {
  return {
    type,
    outcome: 'fail',
    code,
    ...(note !== undefined && { note }),
    ...(compared !== undefined && { compared }),
  };
}

export function isAmount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}
