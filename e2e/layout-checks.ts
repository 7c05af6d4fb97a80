import type { Frame, Locator, Page } from '@playwright/test';
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
 * What is wrong with where the tour's hint stands, as the presenter sees it without scrolling
 * (issue 38 items 1 and 2): the hint or its target out of the window, the hint away from its target
 * or covering it, the page's title, a control (a disabled one too) or any text a visitor could
 * read there. Empty when it stands well.
 */
async function hintPlacementProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hint = document.querySelector<HTMLElement>('[data-testid="tour-hint"]');
    if (!hint) return ['no hint on the page'];
    const targetId = hint.querySelector('[aria-controls]')?.getAttribute('aria-controls');
    const target = targetId ? document.getElementById(targetId) : null;
    if (!target) return [`no target #${targetId}`];
    const h = hint.getBoundingClientRect();
    const t = target.getBoundingClientRect();
    const intersection = (a: DOMRect, b: DOMRect) => {
      const [left, right] = [Math.max(a.left, b.left), Math.min(a.right, b.right)];
      const [top, bottom] = [Math.max(a.top, b.top), Math.min(a.bottom, b.bottom)];
      return right - left > 1 && bottom - top > 1 ? { x: (left + right) / 2, y: (top + bottom) / 2 } : null;
    };
    const gap = (a: DOMRect, b: DOMRect) =>
      Math.hypot(Math.max(0, a.left - b.right, b.left - a.right), Math.max(0, a.top - b.bottom, b.top - a.bottom));
    const box = (r: DOMRect) =>
      `${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`;
    const problems: string[] = [];
    const step = `step ${hint.dataset.step} (hint ${box(h)}, target ${box(t)})`;
    const outOfWindow = (r: DOMRect) =>
      r.left < -0.5 || r.right > window.innerWidth + 0.5 || r.top < -0.5 || r.bottom > window.innerHeight + 0.5;
    if (outOfWindow(h))
      problems.push(`the hint is out of the ${window.innerWidth} x ${window.innerHeight} window on ${step}`);
    if (outOfWindow(t) && t.height <= window.innerHeight) {
      problems.push(`the hint's target is out of the ${window.innerWidth} x ${window.innerHeight} window on ${step}`);
    }
    if (intersection(h, t)) problems.push(`the hint covers its target on ${step}`);
    if (gap(h, t) > 32) problems.push(`the hint stands ${Math.round(gap(h, t))} px from its target on ${step}`);

    // What shows under the hint: the topmost element where the two meet, the hint left out.
    const onTop = (root: Document | ShadowRoot, at: { x: number; y: number }) =>
      root.elementsFromPoint(at.x, at.y).find((hit) => !hint.contains(hit));
    const shows = (element: Element, at: { x: number; y: number }) => {
      const top = onTop(element.getRootNode() as Document | ShadowRoot, at);
      return top !== undefined && (top === element || element.contains(top));
    };
    const outside = (node: Node) => !hint.contains(node) && !target.contains(node) && !node.contains(target);
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++) {
      roots[i]!.querySelectorAll('*').forEach((element) => element.shadowRoot && roots.push(element.shadowRoot));
    }
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const covered = new Set<string>();
    for (const root of roots) {
      for (const control of root.querySelectorAll(CONTROLS)) {
        const at = outside(control) && intersection(h, control.getBoundingClientRect());
        if (at && shows(control, at)) covered.add(`the hint covers the ${name(control)} on ${step}`);
      }
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const parent = text.parentElement;
        if (!parent || !text.textContent!.trim() || !outside(text) || parent.closest('script, style, title')) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const line of range.getClientRects()) {
          const at = intersection(h, line);
          if (at && shows(parent, at))
            covered.add(`the hint covers the text "${text.textContent!.trim().slice(0, 40)}" on ${step}`);
        }
      }
    }
    return [...problems, ...covered];
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

/**
 * A soft check that the hint stands beside its target, both in the window, covering nothing a
 * visitor could press or read (it may still be moving there as the page settles).
 */
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
 * middle once the toasts are left out, whose box meets the toast's; and the page's title and prices.
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
    // What must stay in sight besides: the page's title and what things cost (issue 38 item 13).
    const inSight = [...document.querySelectorAll('main h1, [data-price]')];
    const controls = [...focusables(document), ...inSight].filter((element) => !inToast(element) && reachable(element));
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

/**
 * What mixes Latin digits with Arabic-Indic ones in ar-EG under `root` (issue 38 item 11): a text
 * block that has both, or a numbered list that counts in Latin digits. What is typed as written is
 * no mix: words with Latin letters (emails, CLICKTOPAY10) and runs of six digits or more (one-time
 * codes, card numbers); a card's last four in a sentence is.
 */
async function mixedDigits(root: Locator): Promise<string[]> {
  return root.evaluate((top) => {
    const shown = (element: Element) => element.getClientRects().length > 0;
    const ownText = (element: Element) =>
      [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
    const blocks = [top, ...top.querySelectorAll('*')].filter(
      (element) => shown(element) && ownText(element) && getComputedStyle(element).display !== 'inline',
    );
    const mixed = blocks
      .map((element) => (element as HTMLElement).innerText.trim())
      .filter((text) => {
        const prose = text.replace(/[\w@.+-]*[A-Za-z@][\w@.+-]*/g, '').replace(/\d{6,}/g, '');
        return /[0-9]/.test(prose) && /[٠-٩]/.test(prose);
      })
      .map((text) => `"${text.slice(0, 60)}" mixes Latin and Arabic-Indic digits`);
    const lists = [...top.querySelectorAll('ol')]
      .filter((list) => shown(list) && getComputedStyle(list).listStyleType === 'decimal')
      .map((list) => `the list "${(list as HTMLElement).innerText.trim().slice(0, 40)}" counts in Latin digits`);
    return [...mixed, ...lists];
  });
}

/** A soft check that in ar-EG nothing under `root` writes its numbers in two kinds of digits. */
export async function expectOneKindOfDigits(root: Locator, locale: string, where: string): Promise<void> {
  if (locale !== 'ar-EG') return;
  expect.soft(await mixedDigits(root), where).toEqual([]);
}

/**
 * The words under `root` that a line break cuts in two ("Previe|w", "byt|es"): a break after a
 * hyphen is a place to break, so each part between spaces and hyphens must stand on one line.
 */
async function wordsCutAcrossLines(root: Locator): Promise<string[]> {
  return root.evaluate((top) => {
    const cut: string[] = [];
    const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent!.matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) cut.push(`"${match[0]}" is cut across ${lines.size} lines`);
      }
    }
    return cut;
  });
}

/** A soft check that no word under `root` is cut across lines. */
export async function expectNoWordCut(root: Locator, where: string): Promise<void> {
  expect.soft(await wordsCutAcrossLines(root), where).toEqual([]);
}

/** A soft check that the cookie notice, where it shows, takes at most a fifth of the window's height (issue 38 item 13). */
export async function expectCookieNoticeWithinAFifth(page: Page, where: string): Promise<void> {
  const notice = page.locator('.cookie-notice');
  if ((await notice.count()) === 0) return;
  const height = (await notice.boundingBox())?.height ?? 0;
  const window = page.viewportSize()!.height;
  expect
    .soft(height, `the cookie notice is ${Math.round(height)} of ${window} px high on ${where}`)
    .toBeLessThanOrEqual(window / 5);
}
