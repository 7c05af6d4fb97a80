// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MOBILE_LIMIT_PX, NARROW_LAYOUT_MIN_PX } from '@c2p/domain';

const css = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');

// docs/decisions/014: the stylesheets use the spec's limits (CSS cannot import the constants).
describe('layout limits in the stylesheets', () => {
  it('shows the not-supported screen on touch devices up to 991 px and on windows under 360 px only', () => {
    expect(css('global.css')).toContain(
      `@media (max-width: ${MOBILE_LIMIT_PX}px) and (pointer: coarse), (max-width: ${NARROW_LAYOUT_MIN_PX - 1}px) {`,
    );
    expect(css('global.css')).not.toMatch(/@media \(max-width: 991px\) \{\s*\.app \{/);
  });

  it('switches the shop to one column up to the mobile limit', () => {
    expect(css('shop.css')).toContain(`@media (max-width: ${MOBILE_LIMIT_PX}px) {`);
  });
});
