import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server.ts';

/** Time from process start to the first answer, on a new data directory and on the same one again. */
export async function measureStartup(): Promise<Record<string, number>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'c2p-bench-'));
  try {
    const fresh = await startServer(dataDir);
    await fresh.stop();
    const existing = await startServer(dataDir);
    await existing.stop();
    return {
      'start, new data dir (ms)': Math.round(fresh.firstAnswerMs),
      'start, existing data dir (ms)': Math.round(existing.firstAnswerMs),
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
