import type { Frame, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// What the layout spec asks of every page (issue 29): nothing scrolls sideways, the tour's hint
// stands beside its target, and no toast lies over a control a visitor could press.

/** The window widths the layout checks run at: the narrowest supported, a phone's, a laptop's. */
export const LAYOUT_WIDTHS = [360, 400, 1280] as const;

/**
 * How far the page scrolls sideways (document.scrollingElement.scrollWidth - clientWidth), with
 * the innermost elements that stick out of the window, to say what to fix.
 */
async function sidewaysScroll(page: Page | Frame): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    // In the page's coordinates: the window may be scrolled sideways already.
    const sticksOut = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right + window.scrollX > width + 0.5 || box.left + window.scrollX < -0.5);
    };
    const out = [...document.body.querySelectorAll('*')].filter(sticksOut);
    const innermost = out.filter((element) => !out.some((other) => other !== element && element.contains(other)));
    const culprits = innermost.slice(0, 3).map((element) => {
      const box = element.getBoundingClientRect();
      const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`;
      return `${name} from ${Math.round(box.left + window.scrollX)} to ${Math.round(box.right + window.scrollX)} px`;
    });
    return { overflow: root.scrollWidth - width, culprits };
  });
}

/** A soft check that the page (or a frame's document) does not scroll sideways, naming it and what sticks out. */
export async function expectNoSidewaysScroll(page: Page | Frame, where: string): Promise<void> {
  const { overflow, culprits } = await sidewaysScroll(page);
  expect.soft(overflow, `${where} scrolls sideways by ${overflow} px (${culprits.join('; ')})`).toBeLessThanOrEqual(0);
}

/**
 * What is wrong with where the tour's hint stands, once it and its target are scrolled into the window:
 * covering its target or the page's title, standing away from its target, or leaving the window.
 * Empty when it stands beside its target.
 */
async function hintPlacementProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hint = document.querySelector<HTMLElement>('[data-testid="tour-hint"]');
    if (!hint) return ['no hint on the page'];
    const targetId = hint.querySelector('[aria-controls]')?.getAttribute('aria-controls');
    const target = targetId ? document.getElementById(targetId) : null;
    if (!target) return [`no target #${targetId}`];
    // As a presenter sees it: the target in the middle of the window, then the hint in it too.
    target.scrollIntoView({ block: 'center', inline: 'nearest' });
    hint.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const h = hint.getBoundingClientRect();
    const t = target.getBoundingClientRect();
    const overlap = (a: DOMRect, b: DOMRect) =>
      Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
      Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
    const gap = (a: DOMRect, b: DOMRect) =>
      Math.hypot(Math.max(0, a.left - b.right, b.left - a.right), Math.max(0, a.top - b.bottom, b.top - a.bottom));
    const box = (r: DOMRect) =>
      `${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`;
    const problems: string[] = [];
    const step = `step ${hint.dataset.step} (hint ${box(h)}, target ${box(t)})`;
    if (overlap(h, t) > 0) problems.push(`the hint covers its target on ${step}`);
    if (gap(h, t) > 32) problems.push(`the hint stands ${Math.round(gap(h, t))} px from its target on ${step}`);
    // The page's title, unless a window over the page (the network's) hides it already.
    const title = [...document.querySelectorAll('h1')].find((heading) => heading.getClientRects().length > 0);
    const hidden = (element: Element) => {
      const r = element.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
      const top = document.elementsFromPoint(x, y).find((hit) => !hint.contains(hit));
      return top !== undefined && !element.contains(top);
    };
    if (title && !hidden(title) && overlap(h, title.getBoundingClientRect()) > 0) {
      problems.push(`the hint covers the page title (${box(title.getBoundingClientRect())}) on ${step}`);
    }
    if (h.left < 0 || h.top < 0 || h.right > window.innerWidth || h.bottom > window.innerHeight) {
      problems.push(`the hint leaves the ${window.innerWidth} x ${window.innerHeight} window on ${step}`);
    }
    return problems;
  });
}

/** What `find` answers once it answers nothing, or its last answer after `timeoutMs`. */
async function settled(find: () => Promise<string[]>, timeoutMs: number): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const problems = await find();
    if (problems.length === 0 || Date.now() > until) return problems;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A soft check that the hint stands beside its target (it may still be moving there as the page settles). */
export async function expectHintBesideItsTarget(page: Page, where: string): Promise<void> {
  expect.soft(await settled(() => hintPlacementProblems(page), 2_000), where).toEqual([]);
}

/**
 * The controls a press could reach (topmost under their middle, the hint left out) that the tour's
 * hint lies over, its own and its target aside; as the presenter sees it once placed. A hint that
 * stays put as the page scrolls (by a window, or End demo at the bottom) lies over whatever scrolls
 * under it: the page must let its end scroll clear of it, so it is looked at there.
 */
async function hintOverControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hint = document.querySelector<HTMLElement>('[data-testid="tour-hint"]');
    if (!hint) return ['no hint on the page'];
    if (getComputedStyle(hint).position === 'fixed')
      window.scrollTo(window.scrollX, document.documentElement.scrollHeight);
    const targetId = hint.querySelector('[aria-controls]')?.getAttribute('aria-controls');
    const target = targetId ? document.getElementById(targetId) : null;
    const CONTROLS =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
    const h = hint.getBoundingClientRect();
    const meets = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0;
    const reachable = (element: Element) => {
      const box = element.getBoundingClientRect();
      const x = (Math.max(box.left, 0) + Math.min(box.right, window.innerWidth)) / 2;
      const y = (Math.max(box.top, 0) + Math.min(box.bottom, window.innerHeight)) / 2;
      const top = document.elementsFromPoint(x, y).find((hit) => !hint.contains(hit));
      return top !== undefined && (top === element || element.contains(top));
    };
    return [...document.querySelectorAll(CONTROLS)]
      .filter((control) => !hint.contains(control) && !target?.contains(control))
      .filter((control) => meets(h, control.getBoundingClientRect()) && reachable(control))
      .map((control) => {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40);
        return `the hint on step ${hint.dataset.step} lies over ${control.tagName.toLowerCase()} "${name}"`;
      });
  });
}

/** A soft check that the hint stands beside its target and lies over no other control a press could reach. */
export async function expectHintBesideItsTargetOverNoControl(page: Page, where: string): Promise<void> {
  await expectHintBesideItsTarget(page, where);
  expect.soft(await settled(() => hintOverControls(page), 1_000), where).toEqual([]);
}

/**
 * Whether the tour's hint shows through a panel opened over the page: looked at in the middle of
 * the hint, which must be in the window (a point outside it hits nothing).
 */
export async function hintShowsThroughPanel(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const hint = document.querySelector('[data-testid="tour-hint"]')!;
    const { left, top, width, height } = hint.getBoundingClientRect();
    const [x, y] = [left + width / 2, top + height / 2];
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight)
      throw new Error('the hint is out of the window');
    return hint.contains(document.elementFromPoint(x, y));
  });
}

/**
 * The visible toasts, each with the controls it lies over: the focusable elements (inside the UI
 * kit's shadow roots too) that a press could reach, that is the topmost element under their
 * middle once the toasts are left out, whose box meets the toast's.
 */
async function toastsOverControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const FOCUSABLE =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, iframe, [tabindex]:not([tabindex="-1"])';
    const inToast = (element: Element) => element.closest('[data-sonner-toaster]') !== null;
    const focusables = (root: Document | ShadowRoot): Element[] =>
      [...root.querySelectorAll('*')].flatMap((element) => [
        ...(element.matches(FOCUSABLE) ? [element] : []),
        ...(element.shadowRoot ? focusables(element.shadowRoot) : []),
      ]);
    const reachable = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const x = (Math.max(box.left, 0) + Math.min(box.right, window.innerWidth)) / 2;
      const y = (Math.max(box.top, 0) + Math.min(box.bottom, window.innerHeight)) / 2;
      const root = element.getRootNode() as Document | ShadowRoot;
      const top = root.elementsFromPoint(x, y).find((hit) => !inToast(hit));
      return top !== undefined && (top === element || element.contains(top));
    };
    const controls = focusables(document).filter((element) => !inToast(element) && reachable(element));
    const toasts = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].filter(
      (toast) => toast.dataset.visible !== 'false' && Number(getComputedStyle(toast).opacity) > 0,
    );
    const meets = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0;
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    return toasts.flatMap((toast) => {
      const box = toast.getBoundingClientRect();
      return controls
        .filter((control) => meets(box, control.getBoundingClientRect()))
        .map((control) => `the toast "${toast.textContent?.trim()}" lies over ${name(control)}`);
    });
  });
}

/** Waits for a toast to show and stop moving, then checks softly that it lies over no control. */
export async function expectToastOverNoControl(page: Page, where: string): Promise<void> {
  await expect(page.locator('[data-sonner-toast][data-visible="true"]').first()).toBeVisible();
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  expect.soft(await settled(() => toastsOverControls(page), 1_000), where).toEqual([]);
}
