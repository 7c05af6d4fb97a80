// Prints the project's figures as one table and writes them to bench/results/latest.json.
// Figures, not assertions: a budget missed is reported, never failed.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { measureCardOnFile } from './card-on-file.ts';
import { measureClickToPay } from './click-to-pay.ts';
import { measureCrossOrigin } from './cross-origin.ts';
import { measureInstall } from './install.ts';
import { measureInstallments } from './installments.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measurePageWeight } from './page-weight.ts';
import { measureSandbox } from './sandbox.ts';
import { SERVER_ENTRY } from './server.ts';
import { measureStartup } from './startup.ts';
import { measureThroughput } from './throughput.ts';

const skipInstall = process.argv.includes('--skip-install');
// `--only throughput,startup`: those measurements alone, merged into the last results.
const onlyArgument = process.argv.indexOf('--only');
const only = onlyArgument > 0 ? new Set(process.argv[onlyArgument + 1]?.split(',')) : undefined;

if (!existsSync(SERVER_ENTRY) || process.argv.includes('--build')) {
  execSync('npm run build', { stdio: 'inherit' });
}

const measurements: Record<string, () => Promise<Record<string, number | string>>> = {
  startup: measureStartup,
  'page-weight': measurePageWeight,
  lighthouse: measureLighthouse,
  throughput: measureThroughput,
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

const resultsFile = new URL('./results/latest.json', import.meta.url);
const earlier = only && existsSync(resultsFile) ? (JSON.parse(await readFile(resultsFile, 'utf8')) as object) : {};
const figures: Record<string, number | string> = { date: new Date().toISOString().slice(0, 10) };
for (const [name, measure] of Object.entries(measurements)) {
  if (!only || only.has(name)) Object.assign(figures, await measure());
}

const width = Math.max(...Object.keys(figures).map((k) => k.length));
console.log('\nClick to Pay Demo: bench');
for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(width)}  ${value}`);

await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(resultsFile, `${JSON.stringify({ ...earlier, ...figures }, null, 2)}\n`);
