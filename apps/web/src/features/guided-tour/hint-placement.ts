import { overlaps, type Box } from '../../components/ui/box';

export type HintSide = 'above' | 'below' | 'inline-end' | 'inline-start';

/** Where the hint goes, in the window's coordinates: `left` and `top` are physical. */
export interface HintSpot {
  side: HintSide;
  left: number;
  top: number;
}

export interface HintSituation {
  /** The element the hint points at. */
  target: Box;
  /** The hint's own size, measured. */
  size: { width: number; height: number };
  /** What the hint must not cover besides its target: the page's title. */
  avoid: Box[];
  /** What it had better not cover: the page's other controls. */
  spare: Box[];
  viewport: { width: number; height: number };
  /** How high and how low the hint may reach: the window's edges for a fixed target, else the page's. */
  reach: { top: number; bottom: number };
  rtl: boolean;
  /** The side the step names (spec: a configured list of steps below, the others above). */
  prefer: 'above' | 'below';
}

/** Spec section 9: the hint stands the target's height plus 10 below it, or 64 above (its 44-px button 20 above). */
const GAP_BELOW = 10;
const GAP_ABOVE = 20;
/** Kept clear of the window's sides. */
const MARGIN = 8;

/**
 * Where the hint stands beside its target: on the step's side, lined up with the target's start
 * (its left edge, or its right edge right to left), else on the other side, else before or after it
 * on its line; the first of these that stays in the window and covers neither the target, nor what
 * it must avoid, nor (if it can) the other controls. None does: the step's side.
 */
export function hintSpot({ target, size, avoid, spare, viewport, reach, rtl, prefer }: HintSituation): HintSpot {
  const { width, height } = size;
  const lined = Math.max(MARGIN, Math.min(viewport.width - width - MARGIN, rtl ? target.right - width : target.left));
  const after = rtl ? target.left - GAP_BELOW - width : target.right + GAP_BELOW;
  const before = rtl ? target.right + GAP_BELOW : target.left - GAP_BELOW - width;
  const vertical: Record<'above' | 'below', HintSpot> = {
    above: { side: 'above', left: lined, top: target.top - GAP_ABOVE - height },
    below: { side: 'below', left: lined, top: target.bottom + GAP_BELOW },
  };
  // On the target's line: level with its top, or with its bottom (a hint taller than a header button).
  const beside = [target.top, target.bottom - height].flatMap((top): HintSpot[] => [
    { side: 'inline-end', left: after, top },
    { side: 'inline-start', left: before, top },
  ]);
  const candidates = [vertical[prefer], vertical[prefer === 'above' ? 'below' : 'above'], ...beside];
  const fits =
    (clear: Box[]) =>
    ({ left, top }: HintSpot) => {
      const box = { left, top, right: left + width, bottom: top + height };
      return (
        box.left >= MARGIN - 0.5 &&
        box.right <= viewport.width - MARGIN + 0.5 &&
        box.top >= reach.top &&
        box.bottom <= reach.bottom &&
        !overlaps(box, target) &&
        !clear.some((other) => overlaps(box, other))
      );
    };
  return candidates.find(fits([...avoid, ...spare])) ?? candidates.find(fits(avoid)) ?? candidates[0]!;
}
