// A site of another origin on this machine, for the specs that try the sandbox from a page that is
// not its own: a real server (a page the test serves itself would count as public, and Chromium
// keeps it off loopback).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from './fixtures.ts';

/** A plain page of such a site: its title and one heading. */
export const sitePage = (title: string, heading: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${heading}</h1></body></html>`;

/**
 * Serves `page(request, baseURL)` from the enclosing describe's beforeAll to its afterAll, and sets
 * `site.origin` (http://localhost:port) once it listens; `site` is the object to set, a new one by default.
 */
export function serveOtherSite(
  page: (request: IncomingMessage, baseURL: string) => string,
  site: { origin: string } = { origin: '' },
): { origin: string } {
  let server: Server | undefined;
  test.beforeAll(async ({ baseURL }) => {
    const listening = createServer((request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(request, baseURL!)),
    );
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    site.origin = `http://localhost:${(listening.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  return site;
}
