// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SOURCE = new URL('../', import.meta.url);
const stylesheets = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.css'));

// Issue 38 item 11: a chevron of logical borders under a physical rotate points sideways in ar-EG.
describe('shapes turned by a rotate', () => {
  it('are drawn with physical borders, which a right-to-left page does not mirror', () => {
    const mixed = stylesheets.flatMap((file) =>
      [...readFileSync(new URL(file, SOURCE), 'utf8').matchAll(/([^{}]+)\{([^{}]*)\}/g)]
        .filter(([, , body]) => /(^|[\s;])(rotate:|transform:[^;]*rotate\()/.test(body!))
        .filter(([, , body]) => /border-(inline|block)/.test(body!))
        .map(([, selector]) => `${file}: ${selector!.trim()}`),
    );
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(mixed).toEqual([]);
  });
});
