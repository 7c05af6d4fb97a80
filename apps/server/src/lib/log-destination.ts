import { writeSync } from 'node:fs';

/** How much may wait for a reader that fell behind before new lines are dropped (and counted). */
const MAX_WAITING_BYTES = 8 * 1024 * 1024;
/** How soon a full pipe is tried again. */
const RETRY_MS = 20;
/** How long an exiting process waits for a reader to take what is left. */
const EXIT_FLUSH_MS = 2_000;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const linesIn = (bytes: Buffer) => {
  let lines = 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines += 1;
  return lines;
};

/**
 * The server log's destination: each write goes straight to the file descriptor, as pino's
 * synchronous destination does, except when the pipe is full (a paused terminal, a log shipper
 * behind). pino's then slept 100 ms per write, the whole server with it: a reader pausing for a few
 * seconds took the products API from thousands of answers a second to hundreds. Here what the pipe
 * does not take waits in memory, in order, and is tried again a moment later; past MAX_WAITING_BYTES
 * new lines are dropped, and how many is logged once the reader catches up. At exit, what waits
 * is written out.
 */
export class LogDestination {
  readonly #fd: number;
  readonly #maxWaitingBytes: number;
  #waiting: Buffer[] = [];
  #waitingBytes = 0;
  #droppedLines = 0;
  #retry: NodeJS.Timeout | undefined;
  #readerGone = false;

  constructor(fd = 1, maxWaitingBytes = MAX_WAITING_BYTES) {
    this.#fd = fd;
    this.#maxWaitingBytes = maxWaitingBytes;
  }

  write(text: string): boolean {
    if (this.#readerGone) return true;
    if (this.#waiting.length > 0) this.#keep(Buffer.from(text));
    else this.#writeNow(text);
    return true;
  }

  /** Writes out what waits, waiting for the reader if it must (at exit). */
  flushSync(): void {
    const deadline = Date.now() + EXIT_FLUSH_MS;
    while (!this.#drain() && Date.now() < deadline) sleep(RETRY_MS);
  }

  #writeNow(text: string): void {
    let written: number;
    try {
      written = writeSync(this.#fd, text);
    } catch (error) {
      if (this.#failed(error)) this.#keep(Buffer.from(text));
      return;
    }
    // One byte a character unless the text is not ASCII (then measured, on this rare path only).
    if (written === text.length && written === Buffer.byteLength(text)) return;
    const rest = Buffer.from(text).subarray(written);
    if (rest.length > 0) this.#keep(rest);
  }

  #keep(bytes: Buffer): void {
    if (this.#waitingBytes + bytes.length > this.#maxWaitingBytes) {
      this.#droppedLines += linesIn(bytes);
      return;
    }
    this.#waiting.push(bytes);
    this.#waitingBytes += bytes.length;
    this.#retryLater();
  }

  #retryLater(): void {
    if (this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      if (!this.#drain()) this.#retryLater();
    }, RETRY_MS).unref();
  }

  /** Writes what waits until the pipe is full again; answers whether nothing waits any more. */
  #drain(): boolean {
    while (this.#waiting.length > 0 && !this.#readerGone) {
      const first = this.#waiting[0]!;
      let written: number;
      try {
        written = writeSync(this.#fd, first);
      } catch (error) {
        if (this.#failed(error)) return false;
        return true;
      }
      this.#waitingBytes -= written;
      if (written < first.length) {
        this.#waiting[0] = first.subarray(written);
        return false;
      }
      this.#waiting.shift();
    }
    if (this.#droppedLines > 0 && this.#waiting.length === 0) {
      const dropped = this.#droppedLines;
      this.#droppedLines = 0;
      this.#writeNow(
        `{"level":40,"time":${Date.now()},"msg":"${dropped} log lines were dropped: the log's reader fell behind"}\n`,
      );
    }
    return this.#waiting.length === 0;
  }

  /**
   * Whether the write may be tried again (a full pipe); a reader gone or an output closed ends the
   * log (the shop goes on), anything else is thrown.
   */
  #failed(error: unknown): boolean {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') return true;
    if (code === 'EPIPE' || code === 'EBADF') {
      this.#readerGone = true;
      this.#waiting = [];
      return false;
    }
    throw error;
  }
}
