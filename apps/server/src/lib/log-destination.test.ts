import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogDestination } from './log-destination.ts';

const running: ChildProcess[] = [];
afterEach(() => running.splice(0).forEach((child) => child.kill('SIGKILL')));

/**
 * A log reader (`cat`), paused, whose input pipe the destination writes to, and everything it has
 * read once it goes on.
 */
function pausedReader() {
  const cat = spawn('cat', [], { stdio: ['pipe', 'pipe', 'inherit'] });
  running.push(cat);
  cat.kill('SIGSTOP');
  let read = '';
  cat.stdout!.on('data', (chunk: Buffer) => (read += chunk.toString()));
  // The pipe's write end, as a server's stdout is: non-blocking, so a full pipe answers EAGAIN.
  const fd = (cat.stdin as unknown as { _handle: { fd: number } })._handle.fd;
  return {
    cat,
    fd,
    read: () => read,
    async until(done: (text: string) => boolean) {
      while (!done(read)) await once(cat.stdout!, 'data');
    },
  };
}

const line = (n: number) => `{"level":30,"n":${n},"msg":"${'x'.repeat(180)}"}\n`;
const linesUpTo = (count: number) => Array.from({ length: count }, (_, n) => line(n));

describe('the log destination', () => {
  it('keeps the server going while its reader is paused, and the reader gets every line in order after', async () => {
    const log = pausedReader();
    const destination = new LogDestination(log.fd);
    // 600 KB, ten times what a pipe holds: pino's synchronous destination slept 100 ms a write here.
    const lines = linesUpTo(3000);
    for (const text of lines) destination.write(text);
    expect(log.read()).toBe('');

    log.cat.kill('SIGCONT');
    const all = lines.join('');
    await log.until((text) => text.length >= all.length);
    expect(log.read()).toBe(all);
  });

  it('drops what a paused reader would make it hold past its limit, and says how many lines once it reads again', async () => {
    const log = pausedReader();
    const destination = new LogDestination(log.fd, 16 * 1024);
    const lines = linesUpTo(1000);
    for (const text of lines) destination.write(text);

    log.cat.kill('SIGCONT');
    await log.until((text) => text.includes('dropped'));
    const received = log.read().trimEnd().split('\n');
    const notice = JSON.parse(received.pop()!) as { level: number; msg: string };
    const kept = received.length;
    expect(received.map((text) => `${text}\n`)).toEqual(lines.slice(0, kept));
    expect(kept).toBeGreaterThan(0);
    expect(notice).toMatchObject({
      level: 40,
      msg: `${1000 - kept} log lines were dropped: the log's reader fell behind`,
    });
  });

  it('writes out what waits when the process exits, once the reader reads again', async () => {
    const log = pausedReader();
    const destination = new LogDestination(log.fd);
    const lines = linesUpTo(1000);
    for (const text of lines) destination.write(text);
    // flushSync holds this process, so another one wakes the reader.
    spawn('sh', ['-c', `sleep 0.2; kill -CONT ${log.cat.pid}`], { stdio: 'ignore' });
    destination.flushSync();

    const all = lines.join('');
    await log.until((text) => text.length >= all.length);
    expect(log.read()).toBe(all);
  });

  it('stops writing, without an error, once its reader is gone', async () => {
    // A reader that closes its end of the pipe and stays.
    const gone = spawn('sh', ['-c', 'exec 0<&-; echo closed; exec sleep 5'], { stdio: ['pipe', 'pipe', 'inherit'] });
    running.push(gone);
    await once(gone.stdout!, 'data');
    const destination = new LogDestination((gone.stdin as unknown as { _handle: { fd: number } })._handle.fd);
    expect(() => {
      destination.write(line(1));
      destination.write(line(2));
      destination.flushSync();
    }).not.toThrow();
  });

  it('stops writing, without an error, when its output is closed', () => {
    const path = join(tmpdir(), `log-destination-${process.pid}.log`);
    const fd = openSync(path, 'w');
    closeSync(fd);
    rmSync(path);
    const destination = new LogDestination(fd);
    expect(() => destination.write(line(1))).not.toThrow();
  });
});
