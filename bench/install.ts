import { execSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `npm ci` in a fresh clone of the committed tree, with this machine's npm cache as it is. */
export async function measureInstall(): Promise<Record<string, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'c2p-install-'));
  try {
    execSync(`git clone --quiet ${ROOT} ${dir}/repo`);
    const started = performance.now();
    execSync('npm ci --no-audit --no-fund --loglevel=error', { cwd: `${dir}/repo`, stdio: 'ignore' });
    return { 'npm ci, fresh clone (s)': +((performance.now() - started) / 1000).toFixed(1) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
