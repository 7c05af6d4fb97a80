// The newcomer's documents (issue 38 item 15), read as files from a fresh clone: tested here, with
// the other checks that need nothing but Node.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const markdownIn = (folder: string): string[] =>
  readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownIn(join(folder, entry.name))
      : entry.name.endsWith('.md')
        ? [join(folder, entry.name)]
        : [],
  );
const DOCUMENTS = ['README.md', 'SECURITY.md', 'packages/network-sandbox/README.md', ...markdownIn('docs')];

describe("the newcomer's documents", () => {
  it('name nothing outside the repository and link only files a clone has', () => {
    const outside = DOCUMENTS.flatMap((path) => {
      const text = read(path);
      const named = [...text.matchAll(/(\.\.\/)*shared\/(spec|design|reference)\/[\w./-]+/g)].map(([match]) => match);
      const links = [...text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
        .map(([, target]) => target!)
        .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(resolve(root, dirname(path), target)));
      return [...named, ...links].map((target) => `${path}: ${target}`);
    });
    expect(outside).toEqual([]);
  });

  it('the README stays short and says what a newcomer trips over', () => {
    const readme = read('README.md');
    expect(readme.length).toBeLessThan(12 * 1024);
    expect(readme).toContain('CHROMIUM_PATH');
    expect(readme).toMatch(/browser's language[^.]*; only a signed-in admin has a language\s+selector/);
    expect(readme).toMatch(/Guest checkout, fill in the shipping\s+form/);
    expect(readme).toMatch(/press Edit, [^.]*then\s+Save: the live tool uses it from its next checkout on/);
  });

  it("the presenter guide has none of its stale sentences (commonSettings by hand, 'all name that shopper')", () => {
    const guide = read('docs/presenter-guide.md');
    expect(guide).not.toContain('set `commonSettings`');
    expect(guide).not.toContain('all name that shopper');
  });
});
