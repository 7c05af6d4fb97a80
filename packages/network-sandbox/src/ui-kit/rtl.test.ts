// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here).filter((name) => /\.(ts|css)$/.test(name) && !name.endsWith('.test.ts'));

describe('right-to-left support', () => {
  it('the styles use logical properties only (no left/right, no physical margins or paddings)', () => {
    const physical =
      /(^|[\s;{])(left|right|margin-(left|right)|padding-(left|right)|border-(left|right)[\w-]*|border-(top|bottom)-(left|right)-radius)\s*:|text-align:\s*(left|right)|float:\s*(left|right)/m;
    for (const name of sources) {
      const text = readFileSync(path.join(here, name), 'utf8');
      expect(text, name).not.toMatch(physical);
    }
  });
});
