// Checks on what callers send before the sandbox stores it: sizes, text PostgreSQL can hold, the
// transaction options the payload is built from. Each answers the first problem as { field, message }
// so that the SDK API and the network API can refuse it in their own error shapes.
import { isObject, type Json } from './util.ts';

export interface InputProblem {
  field: string;
  message: string;
}

/** NUL (PostgreSQL text cannot hold it) and UTF-16 surrogates without their pair (jsonb refuses them). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Longest email address (RFC 5321 path limit); checked before any pattern runs. */
export const MAX_EMAIL_LENGTH = 254;
/** dpaDynamicDataTtlMinutes: the reference's default is 15; a day is the most the sandbox accepts. */
export const MAX_DYNAMIC_DATA_TTL_MINUTES = 24 * 60;

/** The first string (or key) under `value` that the database could not store, with its dotted path. */
export function unstorableText(value: unknown, field: string): InputProblem | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: field }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE_TEXT.test(current))
        return {
          field: path,
          message: `${path} contains a character that cannot be stored (NUL or a broken surrogate)`,
        };
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (UNSTORABLE_TEXT.test(key))
          return { field: path, message: `${path} has a member name that cannot be stored` };
        stack.push({ value: child, path: `${path}.${key}` });
      }
    }
  }
  return undefined;
}

/** Refuses a member whose JSON is longer than `maxChars`, or that holds text the database cannot store. */
export function storableJson(value: unknown, field: string, maxChars: number): InputProblem | undefined {
  if (value === undefined) return undefined;
  if (JSON.stringify(value).length > maxChars) {
    return { field, message: `${field} is too large (at most ${maxChars} characters of JSON)` };
  }
  return unstorableText(value, field);
}

export function emailProblem(value: unknown, field: string): InputProblem | undefined {
  if (typeof value !== 'string' || value.length > MAX_EMAIL_LENGTH || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    return { field, message: `${field} must be an email address of at most ${MAX_EMAIL_LENGTH} characters` };
  }
  return undefined;
}

/** The consumer a merchant passes with a new card: the fields the sandbox keeps, checked. */
export function consumerProblem(consumer: Json): InputProblem | undefined {
  if (consumer.emailAddress !== undefined) {
    const problem = emailProblem(consumer.emailAddress, 'consumer.emailAddress');
    if (problem) return problem;
  }
  for (const name of ['firstName', 'lastName']) {
    const value = consumer[name];
    if (value !== undefined && (typeof value !== 'string' || value.length > 100)) {
      return { field: `consumer.${name}`, message: `consumer.${name} must be text of at most 100 characters` };
    }
  }
  if (consumer.mobileNumber !== undefined) {
    const mobile = consumer.mobileNumber;
    const valid =
      isObject(mobile) &&
      /^\+?\d{1,4}$/.test(String(mobile.countryCode ?? '')) &&
      /^\d{4,14}$/.test(String(mobile.phoneNumber ?? '').replace(/[\s-]/g, ''));
    if (!valid) {
      return {
        field: 'consumer.mobileNumber',
        message: 'consumer.mobileNumber must be { countryCode, phoneNumber } in digits',
      };
    }
  }
  return unstorableText(consumer, 'consumer');
}

/** dpaTransactionOptions: bounded, storable, and a dynamic-data lifetime that is a date the payload can carry. */
/**
 * The SDK's dpaTransactionOptions type the amount as a number (reference 4.2): a string, which some
 * samples send, is INVALID_PARAMETER as at the network. (isInstallmentsEligible documents a string.)
 */
export function sdkAmountProblem(options: unknown, field: string): InputProblem | undefined {
  const amount = isObject(options) && isObject(options.transactionAmount) ? options.transactionAmount : undefined;
  if (amount?.transactionAmount === undefined || typeof amount.transactionAmount === 'number') return undefined;
  const path = `${field}.transactionAmount.transactionAmount`;
  return {
    field: path,
    message: `${path} must be a number (${JSON.stringify(amount.transactionAmount).slice(0, 20)} is a ${typeof amount.transactionAmount})`,
  };
}

export function transactionOptionsProblem(options: unknown, field: string, maxChars = 4096): InputProblem | undefined {
  if (options === undefined) return undefined;
  if (!isObject(options)) return { field, message: `${field} must be an object` };
  const stored = storableJson(options, field, maxChars);
  if (stored) return stored;
  const paymentOptions = Array.isArray(options.paymentOptions) ? options.paymentOptions : [options.paymentOptions];
  for (const entry of paymentOptions) {
    if (!isObject(entry) || entry.dpaDynamicDataTtlMinutes === undefined) continue;
    const ttl = Number(entry.dpaDynamicDataTtlMinutes);
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > MAX_DYNAMIC_DATA_TTL_MINUTES) {
      const path = `${field}.paymentOptions.dpaDynamicDataTtlMinutes`;
      return {
        field: path,
        message: `${path} must be a whole number of minutes from 1 to ${MAX_DYNAMIC_DATA_TTL_MINUTES}`,
      };
    }
  }
  return undefined;
}
