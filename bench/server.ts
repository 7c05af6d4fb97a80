import { SERVER_ENTRY, startBuiltServer } from '../e2e/built-server.ts';

export { SERVER_ENTRY };

export interface RunningServer {
  url: string;
  /** The server's process id (its CPU time and memory are read from /proc). */
  pid: number;
  /** Milliseconds from spawn to the first successful GET /api/health. */
  firstAnswerMs: number;
  stop(): Promise<void>;
}

/** Starts the production build on a free port and waits for its first healthy answer. */
export async function startServer(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const started = performance.now();
  // No deadline: on a busy machine a start may be slow, and how slow is what startup.ts measures.
  const {
    url,
    stop,
    process: child,
  } = await startBuiltServer(
    { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    { timeoutMs: Number.POSITIVE_INFINITY },
  );
  for (;;) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  return { url, pid: child.pid!, firstAnswerMs: performance.now() - started, stop };
}
