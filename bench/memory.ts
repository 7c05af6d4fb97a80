// The server's resident memory (RSS, from /proc) on the embedded database: at rest after its start,
// then at rest again after 100,000 requests of the products API and after a run of orders (each a
// new row in the embedded database). "At rest": a few seconds after the load, with nothing running.
// Figures, not assertions.
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_PRODUCTS_API_KEY, PRODUCTS_API_KEY_HEADER } from '@c2p/domain';
import { loadFrom } from './load-generator.ts';
import { quick } from './options.ts';
import { startServer } from './server.ts';
import { firstProductId, orderLoad } from './throughput.ts';

const READS = quick ? 10_000 : 100_000;
const ORDERS = quick ? 1_000 : 10_000;
const REST_MS = quick ? 1_000 : 5_000;
const GOAL_MB = 300;

/** Resident memory of a process, in MB (VmRSS of /proc/<pid>/status). */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024);
}

export async function measureMemory(): Promise<Record<string, number | string>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'c2p-bench-memory-'));
  const server = await startServer(dataDir, { LOG_LEVEL: undefined, TRUST_PROXY: 'true' });
  try {
    await sleep(REST_MS);
    const atStart = await residentMb(server.pid);
    await loadFrom({
      url: `${server.url}/api/products`,
      headers: { [PRODUCTS_API_KEY_HEADER]: DEMO_PRODUCTS_API_KEY },
      connections: 50,
      durationS: 0,
      warmupS: 0,
      amount: READS,
    });
    await sleep(REST_MS);
    const afterReads = await residentMb(server.pid);
    await loadFrom({ ...orderLoad(server.url, await firstProductId(server.url)), warmupS: 0, amount: ORDERS });
    await sleep(REST_MS);
    const afterOrders = await residentMb(server.pid);
    return {
      [`server RSS at rest after start, embedded database, MB (goal < ${GOAL_MB})`]: `${atStart} ${atStart < GOAL_MB ? 'met' : 'NOT met'}`,
      [`server RSS at rest after ${READS.toLocaleString('en-US')} GET /api/products, MB`]: afterReads,
      [`server RSS at rest after ${ORDERS.toLocaleString('en-US')} orders more, MB`]: afterOrders,
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
