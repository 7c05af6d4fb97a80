/** A box in the window's coordinates, as getBoundingClientRect() answers them: physical, whatever the direction. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Whether two boxes share some area (boxes that only touch do not). */
export const overlaps = (a: Box, b: Box) =>
  Math.min(a.right, b.right) > Math.max(a.left, b.left) && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);
