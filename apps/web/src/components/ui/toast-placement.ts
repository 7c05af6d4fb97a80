import { overlaps, type Box } from './box';

/** Where the toasts stand: their distance from the window's top and right edges. */
export interface ToastOffset {
  top: number;
  right: number;
}

export interface ToastSituation {
  /** The toasts' stack, expanded (as when the pointer rests on it). */
  size: { width: number; height: number };
  viewport: { width: number; height: number };
  /** The controls a press could reach, which the toasts must leave uncovered. */
  controls: Box[];
  /** Spec section 9: top right, under the top bar and the store nav. */
  preferred: ToastOffset;
  /** A narrow window: the stack spans the window's width (less `right` on each side), only its top moves. */
  fullWidth: boolean;
}

/** Kept clear of the window's edges and of a control's edge. */
const MARGIN = 8;

/**
 * Where the toasts cover no control: at the preferred place when it is clear, else at the nearest
 * height that is, on the right, then on the left (over the backdrop of a panel open on the right);
 * the heights tried are the window's top and just under each control. Nothing is clear: the
 * preferred place.
 */
export function freeToastSpot({ size, viewport, controls, preferred, fullWidth }: ToastSituation): ToastOffset {
  const { width, height } = size;
  const rights = fullWidth ? [preferred.right] : [preferred.right, viewport.width - preferred.right - width];
  const tops = [preferred.top, MARGIN, ...controls.map((control) => Math.ceil(control.bottom) + MARGIN)]
    .filter((top, i, all) => all.indexOf(top) === i && top >= MARGIN && top + height <= viewport.height - MARGIN)
    .sort((a, b) => Math.abs(a - preferred.top) - Math.abs(b - preferred.top) || a - b);
  for (const right of rights) {
    const left = fullWidth ? preferred.right : viewport.width - right - width;
    const boxRight = fullWidth ? viewport.width - preferred.right : viewport.width - right;
    const top = tops.find(
      (y) => !controls.some((control) => overlaps({ left, right: boxRight, top: y, bottom: y + height }, control)),
    );
    if (top !== undefined) return { top, right };
  }
  return preferred;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: Document | ShadowRoot): Element[] {
  return [...root.querySelectorAll('*')].flatMap((element) => [
    ...(element.matches(FOCUSABLE) ? [element] : []),
    ...(element.shadowRoot ? focusables(element.shadowRoot) : []),
  ]);
}

/** What a toast must leave in sight besides the controls (issue 38 item 13): the page's title and what things cost. */
const IN_SIGHT = 'main h1, [data-price]';

/**
 * The boxes of the controls a press could reach: focusable (the UI kit's, in its shadow roots,
 * too), shown, and the topmost element under the middle of their visible part, the toasts left
 * out (a control under a panel's backdrop cannot be pressed); and of the page's title and prices.
 */
export function reachableControls(toaster: Element): Box[] {
  return [...focusables(document), ...document.querySelectorAll(IN_SIGHT)].flatMap((element) => {
    if (toaster.contains(element)) return [];
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return [];
    const x = (Math.max(box.left, 0) + Math.min(box.right, window.innerWidth)) / 2;
    const y = (Math.max(box.top, 0) + Math.min(box.bottom, window.innerHeight)) / 2;
    const root = element.getRootNode() as Document | ShadowRoot;
    const top = root.elementsFromPoint(x, y).find((hit) => !toaster.contains(hit));
    return top && (top === element || element.contains(top)) ? [box] : [];
  });
}
