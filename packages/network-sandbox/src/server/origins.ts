// Which merchant pages may drive the SDK for a DPA (CORS of /sandbox/api), and how the sandbox's
// remember-me cookie must be set to reach it from another site.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sandboxDpaOrigins } from '../store/schema.ts';
import type { SandboxDatabase } from './db.ts';
import { SdkError } from './errors.ts';

/**
 * The sandbox default for a DPA that registered no origins: any port of the developer's own
 * machine (localhost, *.localhost, 127.0.0.1, [::1]), over http or https.
 */
const LOCAL_ORIGIN = /^https?:\/\/(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

export const MAX_DPA_ORIGINS = 50;

/** The origin itself when `value` is exactly `scheme://host[:port]` (http or https), else undefined. */
export function exactOrigin(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^https?:\/\/[^/?#\s]+$/i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.origin === value.toLowerCase() ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The names the server answers to, from its configuration (PUBLIC_BASE_URL first, then the other
 * origins it is served at), never from a request: "our own origin" is one of these.
 */
export interface OwnOrigins {
  /** The public base URL: every absolute URL the sandbox answers starts with it. */
  publicBaseUrl(): string;
  /** Every configured origin, the public base URL first. */
  all(): readonly string[];
  isOwn(origin: string | undefined): boolean;
  /** The configured origin this request was addressed to (its Host, when configured), else undefined. */
  of(request: FastifyRequest): string | undefined;
}

export function ownOrigins(configured: () => readonly string[]): OwnOrigins {
  // scheme://host as each name is addressed (its default port written or not), for one lookup per request.
  let names: readonly string[] = [];
  let byAddress = new Map<string, string>();
  const addresses = () => {
    const all = configured();
    if (all !== names) {
      names = all;
      byAddress = new Map(all.flatMap((origin) => addressesOf(origin).map((address) => [address, origin] as const)));
    }
    return byAddress;
  };
  const isOwn = (origin: string | undefined) => origin !== undefined && configured().includes(origin.toLowerCase());
  return {
    publicBaseUrl: () => configured()[0]!,
    all: configured,
    isOwn,
    of: (request) => addresses().get(`${request.protocol}://${request.host.toLowerCase()}`),
  };
}

/** scheme://host[:port] as a request may address the origin: its port written, or left out when it is the default. */
function addressesOf(origin: string): string[] {
  const url = new URL(origin);
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  return url.port === '' ? [url.origin, `${url.origin}:${defaultPort}`] : [url.origin];
}

export function isSandboxDefaultOrigin(origin: string): boolean {
  return LOCAL_ORIGIN.test(origin);
}

export async function registeredOrigins(db: SandboxDatabase, srcDpaId: string): Promise<string[]> {
  const rows = await db
    .select({ origin: sandboxDpaOrigins.origin })
    .from(sandboxDpaOrigins)
    .where(eq(sandboxDpaOrigins.srcDpaId, srcDpaId));
  return rows.map((row) => row.origin).sort();
}

export async function isOriginAllowed(db: SandboxDatabase, srcDpaId: string, origin: string): Promise<boolean> {
  const registered = await registeredOrigins(db, srcDpaId);
  return registered.length === 0 ? isSandboxDefaultOrigin(origin) : registered.includes(origin);
}

/** Throws the SDK's AUTH_ERROR (readable by the page, so the developer learns what to register). */
export async function assertOriginAllowed(db: SandboxDatabase, srcDpaId: string, origin: string): Promise<void> {
  if (await isOriginAllowed(db, srcDpaId, origin)) return;
  throw new SdkError(
    403,
    'AUTH_ERROR',
    `The origin ${origin} is not allowed for DPA ${srcDpaId}: add it with PUT /sandbox/dpas/${srcDpaId}/origins`,
  );
}

/**
 * SameSite=None (with Secure) lets the cookie travel with the SDK's calls from a merchant page on
 * another site. Browsers keep Secure cookies only from https, or from http on the machine's own
 * names (localhost, 127.0.0.1, [::1], which Chromium counts as secure); elsewhere over http the
 * cookie stays SameSite=Lax and another site must fall back on the recognition token (and, in the
 * window, the code). `origin` is the sandbox's own origin the request reached.
 */
export function browserCookieAttributes(origin: string | undefined): string {
  const url = origin ? new URL(origin) : undefined;
  const host = url?.hostname ?? '';
  const secureContext =
    url?.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(host) || host.endsWith('.localhost');
  return secureContext ? 'HttpOnly; SameSite=None; Secure' : 'HttpOnly; SameSite=Lax';
}
