import { describe, expect, it } from 'vitest';
import { hintSpot, type HintSituation } from './hint-placement';

const box = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });

/** Check out on /cart at 1280 px, the page scrolled to its start. */
const base: HintSituation = {
  target: box(900, 380, 1192, 420),
  size: { width: 130, height: 80 },
  avoid: [box(64, 148, 1216, 196)],
  spare: [],
  viewport: { width: 1280, height: 800 },
  reach: { top: 0, bottom: Infinity },
  rtl: false,
  prefer: 'above',
};

describe('where the tour hint stands', () => {
  it('stands above its target, its start lined up with the target start, its bottom 20 px clear', () => {
    expect(hintSpot(base)).toEqual({ side: 'above', left: 900, top: 280, clear: true });
  });

  it('right to left, lines up with the target right edge: the position is physical', () => {
    const spot = hintSpot({ ...base, rtl: true, target: box(88, 380, 380, 420) });
    expect(spot).toEqual({ side: 'above', left: 250, top: 280, clear: true });
  });

  it('stands below when its step says so, 10 px clear', () => {
    expect(hintSpot({ ...base, prefer: 'below' })).toEqual({ side: 'below', left: 900, top: 430, clear: true });
  });

  it('goes to the other side rather than cover the page title', () => {
    const underTitle = box(64, 210, 300, 250);
    expect(hintSpot({ ...base, target: underTitle })).toEqual({ side: 'below', left: 64, top: 260, clear: true });
  });

  it('goes below rather than above the start of the page', () => {
    expect(hintSpot({ ...base, avoid: [], target: box(64, 40, 200, 80) }).side).toBe('below');
  });

  it('stands on the target line, before it, when above and below would cover the title', () => {
    // End demo at the end of the tour header, under the top bar, the page title 30 px under the header.
    const endDemo = box(1133, 67, 1264, 107);
    const situation = { ...base, size: { width: 130, height: 88 }, prefer: 'below' as const, target: endDemo };
    expect(hintSpot(situation)).toEqual({ side: 'inline-start', left: 1133 - 10 - 130, top: 107 - 88, clear: true });
  });

  it('slides along its target to a place that leaves another control clear', () => {
    const fieldAboveStart = box(900, 300, 1000, 360);
    expect(hintSpot({ ...base, spare: [fieldAboveStart] })).toEqual({
      side: 'above',
      left: 1020,
      top: 280,
      clear: true,
    });
  });

  it('had better not cover other controls: it takes the next place that leaves them clear', () => {
    const emailField = box(900, 300, 1192, 360);
    expect(hintSpot({ ...base, spare: [emailField] })).toEqual({ side: 'below', left: 900, top: 430, clear: true });
  });

  it('covers other controls rather than its target or the title when nothing else is left', () => {
    const everywhere = box(0, 0, 1280, 800);
    expect(hintSpot({ ...base, spare: [everywhere] })).toEqual({ side: 'above', left: 900, top: 280, clear: false });
  });

  it('stays inside a narrow window', () => {
    const spot = hintSpot({ ...base, viewport: { width: 360, height: 800 }, rtl: true, target: box(0, 380, 60, 420) });
    expect(spot.left).toBe(8);
  });

  it('above a fixed bar at the bottom of the window, its bottom stays inside the window', () => {
    const bar = box(0, 748, 400, 800);
    const spot = hintSpot({
      ...base,
      viewport: { width: 400, height: 800 },
      reach: { top: 0, bottom: 800 },
      target: bar,
    });
    expect(spot).toEqual({ side: 'above', left: 8, top: 748 - 20 - 80, clear: true });
  });
});
