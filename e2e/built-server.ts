import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The production build of the server, as `npm start` runs it. */
export const SERVER_ENTRY = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

export interface BuiltServer {
  url: string;
  process: ChildProcess;
  /** Stops the server (SIGTERM) and waits until it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the built server with `env` over this process's environment and answers once it logs
 * the address it is running at (its whole output goes with an error when it exits or, given a
 * finite `timeoutMs`, is late).
 */
export async function startBuiltServer(env: NodeJS.ProcessEnv, { timeoutMs = 60_000 } = {}): Promise<BuiltServer> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = Number.isFinite(timeoutMs)
      ? setTimeout(() => reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${output}`)), timeoutMs)
      : undefined;
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        // Its later output is drained unread: a server logging each request must not wait on us.
        child.stdout.off('data', read).resume();
        child.stderr.off('data', read).resume();
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, process: child, stop };
}
