import { overlaps, type Box } from '../../components/ui/box';

export type HintSide = 'above' | 'below' | 'inline-end' | 'inline-start';

/** Where the hint goes, in the window's coordinates: `left` and `top` are physical. */
export interface HintSpot {
  side: HintSide;
  left: number;
  top: number;
}

/** The spot, and whether it covers nothing it should spare. */
export type HintPlace = HintSpot & { clear: boolean };

export interface HintSituation {
  /** The element the hint points at. */
  target: Box;
  /** The hint's own size, measured. */
  size: { width: number; height: number };
  /** What the hint must not cover besides its target: the page's title. */
  avoid: Box[];
  /** What it had better not cover either: the other controls and the lines of text near its target. */
  spare: Box[];
  viewport: { width: number; height: number };
  /** How high and how low the hint may reach: the window's edges for a fixed target, else the page's. */
  reach: { top: number; bottom: number };
  rtl: boolean;
  /** The side the step names (spec: a configured list of steps below, the others above). */
  prefer: 'above' | 'below';
}

/** Spec section 9: the hint stands the target's height plus 10 below it, or 64 above (its 44-px button 20 above). */
export const GAP_BELOW = 10;
export const GAP_ABOVE = 20;
/** Kept clear of the window's sides. */
const MARGIN = 8;
/** How far along its target's line the hint may slide to find a clear place, a step at a time. */
const SLIDE_STEP = 24;
/** Covering the title weighs more than any number of other things. */
const AVOID_COST = 1_000;

/**
 * Where the hint stands beside its target: on the step's side, lined up with the target's start
 * (its left edge, or its right edge right to left), slid along the target's width, then on the
 * other side, then before or after it on its line; the first of these that stays in the window,
 * leaves the target clear and covers the least: the title first, then the other controls and text.
 * None stays in the window: the step's side. `clear` says whether the place covers nothing.
 */
export function hintSpot({ target, size, avoid, spare, viewport, reach, rtl, prefer }: HintSituation): HintPlace {
  const { width, height } = size;
  const clamp = (left: number) => Math.max(MARGIN, Math.min(viewport.width - width - MARGIN, left));
  const start = clamp(rtl ? target.right - width : target.left);
  const end = clamp(rtl ? target.left : target.right - width);
  // Lined up with the start first, then a step at a time towards the end, never past the target's width.
  const direction = Math.sign(end - start);
  const lefts = [start];
  for (
    let left = start + direction * SLIDE_STEP;
    direction !== 0 && (left - end) * direction < 0;
    left += direction * SLIDE_STEP
  ) {
    lefts.push(left);
  }
  if (end !== start) lefts.push(end);
  const vertical = (side: 'above' | 'below'): HintSpot[] =>
    lefts.map((left) => ({
      side,
      left,
      top: side === 'above' ? target.top - GAP_ABOVE - height : target.bottom + GAP_BELOW,
    }));
  const after = rtl ? target.left - GAP_BELOW - width : target.right + GAP_BELOW;
  const before = rtl ? target.right + GAP_BELOW : target.left - GAP_BELOW - width;
  // On the target's line: level with its top, or with its bottom (a hint taller than a header button).
  const beside = [target.top, target.bottom - height].flatMap((top): HintSpot[] => [
    { side: 'inline-end', left: after, top },
    { side: 'inline-start', left: before, top },
  ]);
  const candidates = [...vertical(prefer), ...vertical(prefer === 'above' ? 'below' : 'above'), ...beside];
  const boxOf = ({ left, top }: HintSpot): Box => ({ left, top, right: left + width, bottom: top + height });
  const fits = (spot: HintSpot) => {
    const box = boxOf(spot);
    return (
      box.left >= MARGIN - 0.5 &&
      box.right <= viewport.width - MARGIN + 0.5 &&
      box.top >= reach.top &&
      box.bottom <= reach.bottom &&
      !overlaps(box, target)
    );
  };
  const cost = (spot: HintSpot) => {
    const box = boxOf(spot);
    const covers = (boxes: Box[]) => boxes.filter((other) => overlaps(box, other)).length;
    return covers(avoid) * AVOID_COST + covers(spare);
  };
  let best: { spot: HintSpot; cost: number } | undefined;
  for (const spot of candidates.filter(fits)) {
    const spotCost = cost(spot);
    if (!best || spotCost < best.cost) best = { spot, cost: spotCost };
    if (spotCost === 0) break;
  }
  return best ? { ...best.spot, clear: best.cost === 0 } : { ...candidates[0]!, clear: false };
}
