// Prints the project's figures as one table and writes them to bench/results/latest.json.
// Figures, not assertions: a budget missed is reported, never failed.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
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

if (!existsSync(SERVER_ENTRY) || process.argv.includes('--build')) {
  execSync('npm run build', { stdio: 'inherit' });
}

const figures: Record<string, number | string> = {
  date: new Date().toISOString().slice(0, 10),
  ...(await measureStartup()),
  ...(await measurePageWeight()),
  ...(await measureLighthouse()),
  ...(await measureThroughput()),
  ...(await measureSandbox()),
  ...(await measureCrossOrigin()),
  ...(await measureClickToPay()),
  ...(await measureInstallments()),
  ...(await measureCardOnFile()),
  ...(skipInstall ? {} : await measureInstall()),
};

const width = Math.max(...Object.keys(figures).map((k) => k.length));
console.log('\nClick to Pay Demo: bench');
for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(width)}  ${value}`);

await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(new URL('./results/latest.json', import.meta.url), `${JSON.stringify(figures, null, 2)}\n`);
