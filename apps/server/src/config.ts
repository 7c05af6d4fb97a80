import { z } from 'zod';
import { DEMO_PRODUCTS_API_KEY, PASSWORD_MAX, PASSWORD_MIN } from '@c2p/domain';

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
  /** Where the built web app lives; tests point it at a fixture. */
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
});

export type Config = z.infer<typeof envSchema>;

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
