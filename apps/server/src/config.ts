import { z } from 'zod';
import { DEMO_PRODUCTS_API_KEY, DEMO_SRC_CLIENT_ID, PASSWORD_MAX, PASSWORD_MIN } from '@c2p/domain';

export const DEFAULT_NETWORK_ORIGINS = 'https://*.mastercard.com';
/** DPA ids SRC_DPA_IDS may name: each costs the network a key registration, and the server a little memory. */
export const MAX_SHOP_DPAS = 20;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email('must be an email address').optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
      .optional(),
  ),
  /** The key clients send in the x-api-key header of the products API. */
  PRODUCTS_API_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(8, 'must be at least 8 characters')
      .max(200, 'must be at most 200 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .default(DEMO_PRODUCTS_API_KEY),
  ),
  /** An artificial delay before each network sandbox SDK answer, for live demos. */
  SANDBOX_LATENCY_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 10000')
    .max(10_000, 'must be between 0 and 10000')
    .default(0),
  /**
   * The card network's API base (e.g. https://sandbox.api.mastercard.com); unset, the server calls
   * its own network sandbox over HTTP (http://127.0.0.1:<port>/sandbox).
   */
  NETWORK_API_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .refine((value) => !/[?#]/.test(value), 'must not have a query or fragment')
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  /** The merchant's SRC client id at the network, sent as x-openapi-clientid. */
  SRC_CLIENT_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .max(200, 'must be at most 200 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .default(DEMO_SRC_CLIENT_ID),
  ),
  /**
   * The DPAs the shop acts for besides its default (the demo DPA), space-separated. The
   * configuration screen keeps its DPA id in the admin's browser, where the server cannot see it:
   * a DPA id set there must be listed here for its payments to be fetched.
   */
  SRC_DPA_IDS: z
    .string()
    .default('')
    .transform((value) => value.split(/\s+/).filter(Boolean))
    .pipe(
      z
        .array(
          z.string().regex(/^[\x21-\x7e]{1,200}$/, 'each DPA id must be printable ASCII of at most 200 characters'),
        )
        .max(MAX_SHOP_DPAS, `must name at most ${MAX_SHOP_DPAS} DPA ids`),
    ),
  /**
   * Origins the pages may load the card network's SDK, UI kit and DCF from (the CSP), space-separated,
   * so that pointing the configuration at the real network needs no server change.
   */
  NETWORK_ORIGINS: z
    .string()
    .regex(
      /^(https:\/\/[a-z0-9*.-]+(:[0-9]+)?)( https:\/\/[a-z0-9*.-]+(:[0-9]+)?)*$/i,
      'must be https:// origins separated by spaces',
    )
    .default(DEFAULT_NETWORK_ORIGINS)
    .transform((value) => value.split(' ')),
  /**
   * Whom to believe about the client's address in X-Forwarded-For: unset (the connection's address
   * counts), `true` (any proxy: only when nothing but the balancer reaches the server), or the
   * balancer's addresses/CIDRs, comma-separated.
   */
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(true|false|[0-9a-f.:/]+(,\s*[0-9a-f.:/]+)*)$/i, 'must be true, false or addresses separated by commas')
      .optional()
      .transform((value): boolean | string[] =>
        value === undefined || value.toLowerCase() === 'false'
          ? false
          : value.toLowerCase() === 'true'
            ? true
            : value.split(',').map((part) => part.trim()),
      ),
  ),
  /**
   * The address shoppers and integrators reach the server at (scheme, host, port), for the absolute
   * URLs the network sandbox answers (dcfUrl, the /sandbox page); unset, made from HOST and PORT.
   * Never taken from a request's Host header.
   */
  PUBLIC_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .refine((value) => new URL(value).pathname === '/' && !/[?#]/.test(value), 'must have no path, query or fragment')
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  /**
   * The other names the server is reached at (origins, space-separated), besides PUBLIC_BASE_URL:
   * the only ones it answers to (any other Host gets 421) and counts as its own origin (the network
   * sandbox's windows, CORS, the passkeys' relying party). Unset: localhost and 127.0.0.1 at PORT.
   */
  PUBLIC_ALIASES: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value) => value?.split(/\s+/).filter(Boolean))
      .pipe(
        z
          .array(
            z
              .url({ protocol: /^https?$/, error: 'each must be an http:// or https:// origin' })
              .refine(
                (value) => new URL(value).origin === value.replace(/\/$/, '').toLowerCase(),
                'each must be an origin: scheme://host[:port], no path',
              )
              .transform((value) => new URL(value).origin),
          )
          .max(20, 'must name at most 20 origins')
          .optional(),
      ),
  ),
  /**
   * A third-party analytics tag (spec section 7), loaded by the page only once the visitor accepts
   * the cookie notice; unset (the default) loads none: the demo runs offline (docs/decisions/013).
   */
  ANALYTICS_SCRIPT_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https$/, error: 'must be an https:// URL' })
      .refine((value) => !/[\s"'<>]/.test(value), 'must not contain spaces, quotes or angle brackets')
      .optional(),
  ),
  /** Where the built web app lives; tests point it at a fixture. */
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
});

export type Config = z.infer<typeof envSchema>;

/** PUBLIC_BASE_URL's default: the address the server listens on, with a local name for local addresses. */
export function defaultPublicBaseUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Every name the server answers to: the public base URL first, then its aliases (localhost and 127.0.0.1 by default). */
export function publicOriginsOf(publicBaseUrl: string, aliases: string[] | undefined, port: number): string[] {
  const defaults = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  return [...new Set([publicBaseUrl, ...(aliases ?? defaults)])];
}

/** The origins named by an IP address: WebAuthn takes none as relying party, so no passkey works there. */
export const addressOrigins = (origins: string[]): string[] =>
  origins.filter((origin) => /^[0-9.]+$|^\[/.test(new URL(origin).hostname));

export class ConfigError extends Error {}

/** Reads the settings from the environment; a bad value throws a message naming each variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid environment settings:\n${lines.join('\n')}`);
}
