// autocannon in a process of its own, as an outsider's load generator would be: it shares no event
// loop with the server it measures, nor with the bench that starts it. Run by `loadFrom` below.
import { randomUUID } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Bodies taken in turn, one a request (instead of `body`). */
  bodies?: string[];
  connections: number;
  durationS: number;
  /** A fixed number of requests measured instead of `durationS`. */
  amount?: number;
  /** The process whose CPU time (user + system) the measured run costs is reported as `cpuMs`. */
  cpuOfPid?: number;
  /** An unmeasured run first, so that the server is measured warm (JIT done, caches filled). */
  warmupS: number;
  /** Each request with a fresh Idempotency-Key and X-Forwarded-For: many shoppers, each ordering once. */
  freshShopperPerRequest?: boolean;
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Requests answered in the measured run. */
  requests: number;
  /** CPU time of `cpuOfPid` over the measured run, when asked for. */
  cpuMs?: number;
  /** The part of `cpuMs` spent in the kernel (sending, receiving, waking the other side). */
  systemCpuMs?: number;
}

/** CPU time (user and system, every thread) a process has used so far, from /proc (Linux). */
export function cpuTimeMs(pid: number): { userMs: number; systemMs: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After the command name (in parentheses, which may hold spaces): field 3 on; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ms = (ticks: string | undefined) => (Number(ticks) * 1000) / clockTicksPerSecond();
  return { userMs: ms(fields[11]), systemMs: ms(fields[12]) };
}

let clockTicks: number | undefined;
const clockTicksPerSecond = () => (clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100);

/** Runs the load in a child process and answers its figures. */
export async function loadFrom(spec: LoadSpec): Promise<LoadFigures> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(spec)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`load generator exited with ${code}: ${output}`);
  return JSON.parse(output) as LoadFigures;
}

// Each request from its own address (the server trusts X-Forwarded-For from its proxy), so the
// per-client rate limits see many shoppers rather than one flooding client.
const someAddress = () =>
  `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`;

async function run(spec: LoadSpec): Promise<LoadFigures> {
  let sent = 0;
  const options: autocannon.Options = {
    url: spec.url,
    method: spec.method ?? 'GET',
    connections: spec.connections,
    headers: spec.headers ?? {},
    ...(spec.body === undefined ? {} : { body: spec.body }),
    ...(spec.freshShopperPerRequest || spec.bodies
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                ...(spec.bodies ? { body: spec.bodies[sent++ % spec.bodies.length] } : {}),
                headers: spec.freshShopperPerRequest
                  ? { ...request.headers, 'idempotency-key': randomUUID(), 'x-forwarded-for': someAddress() }
                  : request.headers,
              }),
            },
          ],
        }
      : {}),
  };
  if (spec.warmupS > 0) await autocannon({ ...options, duration: spec.warmupS });
  const cpuBefore = spec.cpuOfPid === undefined ? undefined : cpuTimeMs(spec.cpuOfPid);
  const result = await autocannon({
    ...options,
    ...(spec.amount === undefined ? { duration: spec.durationS } : { amount: spec.amount }),
  });
  const cpuAfter = spec.cpuOfPid === undefined ? undefined : cpuTimeMs(spec.cpuOfPid);
  return {
    requests: result.requests.total,
    ...(cpuBefore && cpuAfter
      ? {
          cpuMs: cpuAfter.userMs + cpuAfter.systemMs - cpuBefore.userMs - cpuBefore.systemMs,
          systemCpuMs: cpuAfter.systemMs - cpuBefore.systemMs,
        }
      : {}),
    // With a fixed amount the per-second average counts whole seconds only.
    rps: Math.round(spec.amount === undefined ? result.requests.average : result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(JSON.stringify(await run(JSON.parse(process.argv[2]!) as LoadSpec)));
}
