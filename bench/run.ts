// Prints the project's figures as one table and writes them to bench/results/latest.json.
// Figures, not assertions: a budget missed is reported, never failed.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { measureCardOnFile } from './card-on-file.ts';
import { measureClickToPay } from './click-to-pay.ts';
import { measureCrossOrigin } from './cross-origin.ts';
import { measureInstall } from './install.ts';
import { measureInstallments } from './installments.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measureMemory } from './memory.ts';
import { quick } from './options.ts';
import { measurePageWeight } from './page-weight.ts';
import { measureSandbox } from './sandbox.ts';
import { SERVER_ENTRY } from './server.ts';
import { measureStartup } from './startup.ts';
import { measureOrders, measureProducts } from './throughput.ts';

const skipInstall = process.argv.includes('--skip-install');
// `--only products,startup`: those measurements alone, merged into the last results.
const onlyArgument = process.argv.indexOf('--only');
const ALIASES: Record<string, string[]> = { throughput: ['products', 'orders'] };
const only =
  onlyArgument > 0
    ? new Set(process.argv[onlyArgument + 1]?.split(',').flatMap((name) => ALIASES[name] ?? [name]))
    : undefined;
// A figure is taken on a quiet machine: a 1-minute load average above this at its start marks it.
const QUIET_LOAD = 1.0;
// Before each measurement, up to this long for the load the bench itself left to settle (`--quick`: none).
const SETTLE_S = quick ? 0 : Number(process.env.BENCH_SETTLE_S ?? 150);
const BUSY = 'busy machine: not a figure';

if (!existsSync(SERVER_ENTRY) || process.argv.includes('--build')) {
  execSync('npm run build', { stdio: 'inherit' });
}

const measurements: Record<string, () => Promise<Record<string, number | string>>> = {
  startup: measureStartup,
  'page-weight': measurePageWeight,
  lighthouse: measureLighthouse,
  products: measureProducts,
  orders: measureOrders,
  memory: measureMemory,
  sandbox: measureSandbox,
  'cross-origin': measureCrossOrigin,
  'click-to-pay': measureClickToPay,
  installments: measureInstallments,
  'card-on-file': measureCardOnFile,
  ...(skipInstall ? {} : { install: measureInstall }),
};
const unknown = [...(only ?? [])].filter((name) => !(name in measurements));
if (unknown.length > 0)
  throw new Error(`no measurement ${unknown.join(', ')}; one of ${Object.keys(measurements).join(', ')}`);

// A quick run's output is kept apart: it must not pass for the figures.
const resultsFile = new URL(quick ? './results/quick.json' : './results/latest.json', import.meta.url);
const earlier = only && existsSync(resultsFile) ? (JSON.parse(await readFile(resultsFile, 'utf8')) as object) : {};
const figures: Record<string, number | string> = {
  date: new Date().toISOString().slice(0, 10),
  ...(quick ? { quick: 'small request counts and fewer runs: no figures' } : {}),
};
const loadNow = () => loadavg().map((value) => value.toFixed(2));
for (const [name, measure] of Object.entries(measurements)) {
  if (only && !only.has(name)) continue;
  await settle(name);
  const before = loadNow();
  const busy = Number(before[0]) > QUIET_LOAD;
  const measured = await measure();
  // Each figure of a busy run says so, in the table and in latest.json alike.
  for (const [figure, value] of Object.entries(measured)) figures[figure] = busy ? `${value} (${BUSY})` : value;
  figures[`${name}: load average (1, 5, 15 min) before / after`] =
    `${before.join(' ')} / ${loadNow().join(' ')}${busy ? ` (${BUSY})` : ''}`;
}

/** Waits (up to SETTLE_S) for the 1-minute load average to fall to QUIET_LOAD, as the bench's own last work fades. */
async function settle(name: string): Promise<void> {
  const deadline = performance.now() + SETTLE_S * 1000;
  if (loadavg()[0]! <= QUIET_LOAD || SETTLE_S === 0) return;
  console.log(
    `  ${name}: waiting up to ${SETTLE_S} s for the load average (${loadNow().join(' ')}) to fall to ${QUIET_LOAD}`,
  );
  while (loadavg()[0]! > QUIET_LOAD && performance.now() < deadline) await sleep(5000);
}

const width = Math.max(...Object.keys(figures).map((k) => k.length));
console.log('\nClick to Pay Demo: bench');
for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(width)}  ${value}`);

await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(resultsFile, `${JSON.stringify({ ...earlier, ...figures }, null, 2)}\n`);
