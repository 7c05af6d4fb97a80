import { resolve } from 'node:path';
import { APP_VERSION } from '@c2p/domain';
import { buildApp } from './app.ts';
import { addressOrigins, ConfigError, defaultPublicBaseUrl, loadConfig, publicOriginsOf } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureAdmin } from './features/admin/service.ts';
import { LogDestination } from './lib/log-destination.ts';
import { DEFAULT_WEB_DIST_DIR } from './paths.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // Written as they come: the access lines of a turn of the event loop arrive as one write
  // (lib/access-log.ts); only what a full pipe has not taken yet waits, and is written at exit.
  const logDestination = new LogDestination();
  process.on('exit', () => logDestination.flushSync());
  const startedAt = performance.now();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR),
    onPoolError: (error) => console.error(`database connection lost: ${error.message}`),
  });
  const app = await buildApp({
    database,
    webDistDir: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR,
    logger: { level: config.LOG_LEVEL, stream: logDestination },
    productsApiKey: config.PRODUCTS_API_KEY,
    sandboxLatencyMs: config.SANDBOX_LATENCY_MS,
    networkApiBaseUrl: config.NETWORK_API_BASE_URL,
    srcClientId: config.SRC_CLIENT_ID,
    srcDpaIds: config.SRC_DPA_IDS,
    networkOrigins: config.NETWORK_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    publicOrigins: () => publicOrigins(),
    analyticsScriptUrl: config.ANALYTICS_SCRIPT_URL,
  });
  const listeningPort = () => {
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : config.PORT;
  };
  // Unset, the listening address (PORT may be 0: the port is known once listening).
  const publicOrigins = () =>
    publicOriginsOf(
      config.PUBLIC_BASE_URL ?? defaultPublicBaseUrl(config.HOST, listeningPort()),
      config.PUBLIC_ALIASES,
      listeningPort(),
    );
  app.addHook('onClose', () => database.close());

  const admin = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const url = address.replace('127.0.0.1', 'localhost').replace('[::1]', 'localhost');
  const where = database.driver === 'pglite' ? `embedded database in ${resolve(config.DATA_DIR)}` : 'PostgreSQL';

  const lines = [
    '',
    `  Click to Pay Demo ${APP_VERSION} is running at ${url}  (${where}, ready in ${Math.round(performance.now() - startedAt)} ms)`,
    `  Admin sign-in: ${url}/sign-in  email: ${admin.email}`,
  ];
  if (admin.generatedPassword) {
    lines.push(`  Admin password (generated, shown this once): ${admin.generatedPassword}`);
  } else if (admin.created) {
    lines.push('  Admin password: the ADMIN_PASSWORD you set');
  } else {
    lines.push('  Admin password: as printed at first start or set by ADMIN_PASSWORD then');
  }
  const noPasskeys = addressOrigins(publicOrigins());
  if (noPasskeys.length > 0) {
    lines.push(
      `  Payment passkeys: none at ${noPasskeys.join(', ')} (WebAuthn takes no IP address): open it as localhost`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
