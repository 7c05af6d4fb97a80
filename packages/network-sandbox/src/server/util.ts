import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown): Json {
  return isObject(value) ? value : {};
}

export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** `merchant-transaction-id`: 7 hex . 8 hex . 40 hex (reference section 5). */
export function newMerchantTransactionId(): string {
  return `${hex(4).slice(0, 7)}.${hex(4)}.${hex(20)}`;
}

/** `x-src-cx-flow-id`: 8 hex . UUID . epoch seconds. */
export function newFlowId(now = new Date()): string {
  return `${hex(4)}.${randomUUID()}.${Math.floor(now.getTime() / 1000)}`;
}

/** srcCorrelationId as in the spec examples: 8 hex . UUID. */
export function newCorrelationId(): string {
  return `${hex(4)}.${randomUUID()}`;
}

/** The cookie's value; undefined when absent, or not percent-encoded correctly (a browser never sends one so). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The Origin header a browser sent (the page the call came from), when it is a plain http(s)
 * origin; undefined for other callers and for opaque origins ("null").
 */
export function originHeader(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return undefined;
  return /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(origin) ? origin.toLowerCase() : undefined;
}

export { escapeHtml } from '../ui-kit/escape.ts';
