/** Helpers the hint uses to do a step as a person would: type into fields, tick boxes, press buttons. */

export const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** Sets a field's value so that React (and the form hooks) see it as typed. */
export function fill(field: HTMLInputElement | HTMLSelectElement | null | undefined, value: string): void {
  if (!field) return;
  const proto = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
  field.dispatchEvent(new FocusEvent('blur'));
  field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
}

export function byName<T extends HTMLInputElement | HTMLSelectElement>(root: ParentNode, name: string): T | null {
  return root.querySelector<T>(`[name="${name}"]`);
}

/** Ticks a checkbox (also one inside a shadow root) unless it is ticked. */
export function tick(box: HTMLInputElement | null | undefined): void {
  if (box && !box.checked && !box.disabled) box.click();
}

/**
 * How long a press of the hint waits for what its step needs: elements that come with a server's or
 * the network's answer (the product list, the network window's Continue) can take seconds on a busy
 * machine, and a press that gave up sooner did nothing.
 */
const STEP_WAIT_MS = 15_000;

/** Waits until `find` answers something (the page re-renders between the hint's actions). */
export async function waitFor<T>(find: () => T | null | undefined, timeoutMs = STEP_WAIT_MS): Promise<T | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) return null;
    await sleep(50);
  }
}

/** Whether an element is on the page and takes up room (not hidden). */
export function isShown(element: Element | null | undefined): element is HTMLElement {
  if (!element || !element.isConnected) return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 || rect.height > 0;
}
