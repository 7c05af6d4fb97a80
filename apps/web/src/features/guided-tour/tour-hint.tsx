import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { useTranslation } from '../../lib/i18n';
import { saveTourStatus, tourStatus, type TourStatus } from '../../lib/tour-status';
import type { Box } from '../../components/ui/box';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { GAP_ABOVE, GAP_BELOW, hintSpot, type HintSide } from './hint-placement';
import { HINT_BELOW, stepsOf, type TourStep } from './steps';

/** The narrow layout of decision 014 (its media query in tour.css). */
const isNarrowLayout = () => window.matchMedia?.('(max-width: 991px)').matches ?? false;

/** The hint's button width (spec): 'Start here' (step 1) is wider than 'Next'. */
const hintWidth = (stepNo: number) => (stepNo === 1 ? 170 : 130);

/**
 * The hint's layer: over the page and its fixed bars (cookie notice, End demo: 50), under the
 * panels that open over the page (the API log, the account's: 150), unless its target is in one.
 */
const HINT_LAYER = 140;

/** The element the current step points at, and the side its step names. */
interface Anchor {
  element: HTMLElement;
  prefer: 'above' | 'below';
}

/** Where the hint stands: `left` and `top` are physical, in the page or (fixed) in the window. */
interface Placement {
  side: HintSide;
  /** It covers nothing it should spare. */
  clear: boolean;
  position: 'absolute' | 'fixed';
  left: number;
  top: number;
  zIndex: number;
}

const samePlacement = (a: Placement, b: Placement) =>
  a.side === b.side && a.position === b.position && a.left === b.left && a.top === b.top && a.zIndex === b.zIndex;

/** Whether the element stays put as the page scrolls, and the highest layer it is drawn in. */
function layerOf(element: HTMLElement): { fixed: boolean; zIndex: number } {
  let fixed = false;
  let zIndex = 0;
  for (let node: Element | null = element; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (style.position === 'fixed') fixed = true;
    const z = Number.parseInt(style.zIndex, 10);
    if (style.position !== 'static' && Number.isFinite(z)) zIndex = Math.max(zIndex, z);
  }
  return { fixed, zIndex };
}

const CONTROLS = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
/** What is drawn over the page: a control or a line in one covers nothing of the page under it. */
const LAYERS = '[role="dialog"], dialog';
/** How far from its target the hint may go looking for a clear place. */
const NEAR = 320;

/** The elements of a tree and of the open shadow roots in it (the network's UI kit elements'). */
function* elementsIn(root: Element | ShadowRoot): Generator<Element> {
  for (const element of root.querySelectorAll('*')) {
    yield element;
    if (element.shadowRoot) yield* elementsIn(element.shadowRoot);
  }
}

/**
 * The boxes the hint had better leave uncovered: the controls (disabled ones too) and the lines of
 * text near its target, in the target's layer (the page, or the panel or window it is in: what a
 * layer hides is out of sight), neither the target's nor the hint's.
 */
function spareBoxes(anchor: Anchor, hint: HTMLElement): Box[] {
  const target = anchor.element;
  const layer = target.closest(LAYERS) ?? document.body;
  const around = target.getBoundingClientRect();
  const near = (box: DOMRect) =>
    box.width > 0 &&
    box.height > 0 &&
    box.right > around.left - NEAR &&
    box.left < around.right + NEAR &&
    box.bottom > around.top - NEAR &&
    box.top < around.bottom + NEAR;
  // What is clipped or under something else (a collapsed panel's checks) is out of sight: the
  // topmost element at a box's middle tells, where that middle is in the window.
  const shown = (element: Element, box: DOMRect) => {
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return true;
    const root = element.getRootNode() as Document | ShadowRoot;
    const top = root.elementsFromPoint(x, y).find((hit) => !hint.contains(hit));
    return top !== undefined && (top === element || element.contains(top));
  };
  const boxes: Box[] = [];
  for (const element of elementsIn(layer)) {
    if (element.contains(target) || target.contains(element) || hint.contains(element)) continue;
    if (layer === document.body && element.closest(LAYERS)) continue;
    const box = element.getBoundingClientRect();
    if (!near(box)) continue;
    if (element.matches(CONTROLS)) {
      if (shown(element, box)) boxes.push(box);
      continue;
    }
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      boxes.push(...[...range.getClientRects()].filter((line) => near(line) && shown(element, line)));
    }
  }
  return boxes;
}

/** Whether something drawn over the element (a window over the page) hides its middle, the hint aside. */
function hiddenUnderLayer(element: Element, hint: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
  if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
  const top = document.elementsFromPoint(x, y).find((hit) => !hint.contains(hit));
  return top !== undefined && !element.contains(top);
}

/** The page's title, which the hint must not cover, unless a window over the page hides it already. */
function pageTitle(hint: HTMLElement): Box[] {
  const title = [...document.querySelectorAll('h1')].find((heading) => heading.getClientRects().length > 0);
  return title && !hiddenUnderLayer(title, hint) ? [title.getBoundingClientRect()] : [];
}

/**
 * Where the hint of this size stands by its anchor now (see hintSpot), in page or window
 * coordinates. Across, the boxes are taken in the page's coordinates (the window scrolled sideways
 * or not): the hint is kept within the page's width, never where the window happens to be.
 */
function placementBy(anchor: Anchor, hint: HTMLElement): Placement {
  const layer = layerOf(anchor.element);
  const [x, y] = layer.fixed ? [0, 0] : [window.scrollX, window.scrollY];
  const across = ({ left, top, right, bottom }: Box): Box => ({ left: left + x, top, right: right + x, bottom });
  const spot = hintSpot({
    target: across(anchor.element.getBoundingClientRect()),
    size: { width: hint.offsetWidth, height: hint.offsetHeight },
    avoid: pageTitle(hint).map(across),
    spare: spareBoxes(anchor, hint).map(across),
    viewport: { width: document.documentElement.clientWidth, height: window.innerHeight },
    reach: layer.fixed ? { top: 0, bottom: window.innerHeight } : { top: -y, bottom: Infinity },
    rtl: document.documentElement.dir === 'rtl',
    prefer: anchor.prefer,
  });
  return {
    side: spot.side,
    clear: spot.clear,
    position: layer.fixed ? 'fixed' : 'absolute',
    left: Math.round(spot.left),
    top: Math.round(spot.top + y),
    zIndex: Math.max(HINT_LAYER, layer.zIndex + 1),
  };
}

/** The room made for the hint is this much taller than the hint and its gap, to keep it off what follows. */
const ROOM_SPARE = 8;

/**
 * The element whose margin makes room for the hint: the target, or its ancestor that stands in a
 * column (a margin on an item of a row would stretch the row and shift its other items).
 */
function roomElement(target: HTMLElement): HTMLElement {
  let element = target;
  for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    const style = getComputedStyle(parent);
    const inRow =
      (style.display.includes('flex') && !style.flexDirection.startsWith('column')) ||
      (style.display.includes('grid') && style.gridTemplateColumns.trim().split(/\s+/).length > 1);
    if (!inRow) return element;
    element = parent;
  }
  return element;
}

/**
 * Where no place near its target is clear (a narrow window: the page's text runs under each), the
 * page makes room for the hint on its step's side: a margin on the target in the page; a fixed bar
 * at the window's bottom (End demo, narrow) grows by --tour-hint-room. Answers how to give it back.
 */
function makeRoom(anchor: Anchor, hint: HTMLElement): () => void {
  const above = anchor.prefer === 'above';
  const room = hint.offsetHeight + (above ? GAP_ABOVE : GAP_BELOW) + ROOM_SPARE;
  if (layerOf(anchor.element).fixed) {
    const root = document.documentElement.style;
    root.setProperty('--tour-hint-room', `${room}px`);
    return () => root.removeProperty('--tour-hint-room');
  }
  const element = roomElement(anchor.element);
  const property = above ? 'margin-block-start' : 'margin-block-end';
  const before = element.style.getPropertyValue(property);
  const current = Number.parseFloat(getComputedStyle(element).getPropertyValue(property)) || 0;
  element.style.setProperty(property, `${Math.max(current, room)}px`);
  return () => {
    if (before) element.style.setProperty(property, before);
    else element.style.removeProperty(property);
  };
}

/** What runs after each look for the anchor: the hint's placement, while a hint is shown. */
type Follower = RefObject<(() => void) | null>;

/**
 * Follows the current step's element (every 200 ms and on resize): the element and the side its
 * step names, or null while the element is not on the page. A step done by hand (or by the hint)
 * moves the tour on: the first later step whose element shows is the current one. After each look,
 * the follower runs (the hint is placed from this one tick).
 */
function useHintAnchor(
  steps: TourStep[],
  stepNo: number,
  busyRef: RefObject<boolean>,
  follower: Follower,
): Anchor | null {
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  useEffect(() => {
    const locate = () => {
      const current = steps[stepNo - 1];
      const here = current && current.path === pathname ? current.target() : null;
      if ((!here || current?.done?.()) && !busyRef.current) {
        const later = steps.findIndex((s, i) => i >= stepNo && s.path === pathname && s.target());
        if (later >= 0) {
          saveTourStatus({ tourStepNo: later + 1 });
          return;
        }
      }
      if (!here || !current) {
        setAnchor(null);
        return;
      }
      if (!here.id) here.id = `gt_id_${stepNo}`;
      // End demo sits in the tour header when wide (the hint goes under it, clear of the store nav)
      // and in a bar at the bottom when narrow (the hint goes above it).
      const below = HINT_BELOW.has(current.key) || (current.key === 'END_DEMO' && !isNarrowLayout());
      const prefer = below ? 'below' : 'above';
      setAnchor((old) => (old?.element === here && old.prefer === prefer ? old : { element: here, prefer }));
    };
    const tick = () => {
      locate();
      follower.current?.();
    };
    locate();
    const timer = window.setInterval(tick, 200);
    window.addEventListener('resize', tick);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', tick);
    };
  }, [pathname, stepNo, steps, busyRef, follower]);
  return anchor;
}

/**
 * Keeps the hint beside its anchor as the page moves (before the first paint, then on each of the
 * anchor's ticks, as the follower): null until it has been measured, so it never shows anywhere else.
 */
function useHintPlacement(
  anchor: Anchor,
  hintRef: RefObject<HTMLElement | null>,
  follower: Follower,
): Placement | null {
  const [placement, setPlacement] = useState<Placement | null>(null);
  useLayoutEffect(() => {
    let giveRoomBack: (() => void) | undefined;
    const place = () => {
      const hint = hintRef.current;
      if (!hint || !anchor.element.isConnected) return;
      let next = placementBy(anchor, hint);
      if (!next.clear && !giveRoomBack) {
        giveRoomBack = makeRoom(anchor, hint);
        next = placementBy(anchor, hint);
      }
      setPlacement((old) => (old && samePlacement(old, next) ? old : next));
      const pos = next.side === 'below' ? 'bottom' : 'top';
      if (tourStatus().nextHintPos !== pos) saveTourStatus({ nextHintPos: pos });
    };
    place();
    follower.current = place;
    return () => {
      if (follower.current === place) follower.current = null;
      giveRoomBack?.();
    };
  }, [anchor, hintRef, follower]);
  return placement;
}

/** Whether the box lies wholly inside the window. */
const inWindow = (box: Box) =>
  box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;

/** Above the hint when it is scrolled into view taller than the window. */
const MARGIN_IN_VIEW = 8;

/**
 * Scrolls the hint and its target into the window together (issue 38 item 1): the target into its
 * own scrolling panel first, then the page so that both are in the middle of the window.
 */
function bringIntoView(target: HTMLElement, hint: HTMLElement, smooth: boolean) {
  const union = () => {
    const [a, b] = [target.getBoundingClientRect(), hint.getBoundingClientRect()];
    return {
      left: Math.min(a.left, b.left),
      top: Math.min(a.top, b.top),
      right: Math.max(a.right, b.right),
      bottom: Math.max(a.bottom, b.bottom),
    };
  };
  if (inWindow(union())) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const behavior: ScrollBehavior = smooth && !reduced ? 'smooth' : 'auto';
  target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const { top, bottom } = union();
  if (top >= 0 && bottom <= window.innerHeight) return;
  const height = bottom - top;
  const by = height < window.innerHeight ? top - (window.innerHeight - height) / 2 : top - MARGIN_IN_VIEW;
  window.scrollBy({ top: by, behavior });
}

/** How long after it appears the hint follows its target into view as the page settles (data, images, scroll restoration). */
const SETTLING_MS = 1500;

/**
 * Brings the hint and its target into view as the hint appears at a new element (and while the page
 * settles around it), and again after the window is resized; the presenter may scroll away after.
 */
function useKeptInView(anchor: Anchor, placement: Placement | null, hintRef: RefObject<HTMLElement | null>) {
  const shownFor = useRef<{ element: HTMLElement; resizes: number; at: number }>(null);
  const [resizes, setResizes] = useState(0);
  useEffect(() => {
    const resized = () => setResizes((n) => n + 1);
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  useEffect(() => {
    const hint = hintRef.current;
    const shown = shownFor.current;
    if (!placement || !hint) return;
    const same = shown?.element === anchor.element && shown.resizes === resizes;
    if (same && performance.now() - shown.at > SETTLING_MS) return;
    if (!same) shownFor.current = { element: anchor.element, resizes, at: performance.now() };
    // Once, smoothly; as the page settles, at once (a second smooth scroll would fight the first).
    bringIntoView(anchor.element, hint, !same);
  }, [anchor, placement, hintRef, resizes]);
}

/**
 * Whether the presenter is being asked to leave the tour. It outlives the hint that asked: a step's
 * next page may land after the question opened, and that page's hint is another instance.
 */
const useLeaveQuestion = create<{ open: boolean }>(() => ({ open: false }));
const askToLeave = (open: boolean) => useLeaveQuestion.setState({ open });

/** Pressing the hint does its step with the test data, one press at a time. */
function useStepRunner(step: TourStep | undefined) {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const run = async () => {
    if (!step || busyRef.current) return;
    const target = step.target();
    if (!target) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await step.perform(target);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };
  return { busy, busyRef, run };
}

/**
 * The floating hint: 'Start here' on step 1, 'Next' afterwards, beside the element of the current
 * step (`gt_id_{step}`): above or below it as the step says, else where it covers neither it nor
 * the page's title. Pressing it does the step with the test data; a step done by hand
 * moves the tour on as well (the next step's element shows while this one's is gone).
 */
export function TourHint({ status }: { status: TourStatus }) {
  const dismissing = useLeaveQuestion((question) => question.open);
  const steps = useMemo(() => stepsOf(status.tour, status.activatedUseCase), [status.tour, status.activatedUseCase]);
  const stepNo = status.tourStepNo;
  const step: TourStep | undefined = steps[stepNo - 1];
  const { busy, busyRef, run } = useStepRunner(step);
  const follower = useRef<(() => void) | null>(null);
  const anchor = useHintAnchor(steps, stepNo, busyRef, follower);

  return createPortal(
    <>
      {anchor && step && (
        <HintBubble
          anchor={anchor}
          follower={follower}
          step={step}
          stepNo={stepNo}
          busy={busy}
          onNext={() => void run()}
          onClose={() => askToLeave(true)}
        />
      )}
      {dismissing && (
        <DismissModal
          onLeave={() => {
            askToLeave(false);
            saveTourStatus({ dismissed: true });
          }}
          onKeep={() => askToLeave(false)}
        />
      )}
    </>,
    document.body,
  );
}

function HintBubble({
  anchor,
  follower,
  step,
  stepNo,
  busy,
  onNext,
  onClose,
}: {
  anchor: Anchor;
  follower: Follower;
  step: TourStep;
  stepNo: number;
  busy: boolean;
  onNext(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const placement = useHintPlacement(anchor, ref, follower);
  useKeptInView(anchor, placement, ref);
  // A position computed from getBoundingClientRect() is physical: `left` and `top`, in any direction.
  const style: CSSProperties = placement
    ? { position: placement.position, left: placement.left, top: placement.top, zIndex: placement.zIndex }
    : { left: 0, top: 0, visibility: 'hidden' };
  return (
    <aside
      ref={ref}
      aria-labelledby="tour-hint-text"
      className={`tour-hint tour-hint--${placement?.side ?? anchor.prefer}`}
      style={style}
      data-testid="tour-hint"
      data-step={stepNo}
    >
      <span className="tour-hint__actions" style={{ inlineSize: hintWidth(stepNo) }}>
        <button
          type="button"
          className="tour-hint__next"
          aria-describedby="tour-hint-text"
          aria-controls={anchor.element.id}
          disabled={busy}
          onClick={onNext}
        >
          {t(stepNo === 1 ? 'TOUR.HINT.START' : 'TOUR.HINT.NEXT')}
        </button>
        <button type="button" className="tour-hint__close" aria-label={t('TOUR.HINT.CLOSE')} onClick={onClose}>
          ×
        </button>
      </span>
      <span id="tour-hint-text" className="tour-hint__text">
        {t(`TOUR.HINT.STEPS.${step.key}`)}
      </span>
    </aside>
  );
}

function DismissModal({ onLeave, onKeep }: { onLeave(): void; onKeep(): void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      className="tour-dismiss"
      title={t('TOUR.DISMISS.TITLE')}
      text={t('TOUR.DISMISS.TEXT')}
      act={{ label: t('TOUR.DISMISS.LEAVE'), kind: 'secondary', onClick: onLeave }}
      stay={{ label: t('TOUR.DISMISS.KEEP'), kind: 'primary', onClick: onKeep }}
    />
  );
}
