import { useEffect, useState } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS } from '@c2p/domain';
import { useTranslation } from '../../lib/i18n';
import { toasterMounted } from './toast';
import { freeToastSpot, reachableControls, type ToastOffset } from './toast-placement';

function Mounted() {
  // Runs after the toaster's own effects, so it is subscribed before the first toast is sent.
  useEffect(toasterMounted, []);
  return null;
}

// Spec section 9: top right. Below the top bar and the store nav (118 px): a toast there would
// cover Sign in, the API log and the cart for its 10 s, and longer while the pointer rests on it.
const BELOW_THE_NAV: ToastOffset = { top: 128, right: 24 };
/** Sonner's own values: the narrow layout (its media query) and the space between stacked toasts. */
const SONNER_NARROW_MAX = 600;
const SONNER_NARROW_SIDE = 16;
const SONNER_GAP = 14;

/** The toasts' stack as tall as it gets (expanded, as when the pointer rests on it). */
function stackHeight(list: Element): number {
  const toasts = [...list.querySelectorAll<HTMLElement>('[data-sonner-toast]:not([data-removed="true"])')];
  return toasts.reduce((sum, toast) => sum + toast.offsetHeight, 0) + SONNER_GAP * Math.max(0, toasts.length - 1);
}

/**
 * Keeps the toasts where they cover no control (see freeToastSpot): looked at again whenever the
 * page changes under them (a panel opens, content loads, an animation ends), scrolls or resizes.
 */
function useFreeSpot(): ToastOffset {
  const [offset, setOffset] = useState(BELOW_THE_NAV);
  useEffect(() => {
    let frame = 0;
    const place = () => {
      frame = 0;
      const list = document.querySelector('[data-sonner-toaster]');
      if (!list || !list.querySelector('[data-sonner-toast]')) return;
      const fullWidth = window.innerWidth <= SONNER_NARROW_MAX;
      const preferred = fullWidth ? { ...BELOW_THE_NAV, right: SONNER_NARROW_SIDE } : BELOW_THE_NAV;
      const next = freeToastSpot({
        size: { width: list.getBoundingClientRect().width, height: stackHeight(list) },
        viewport: { width: document.documentElement.clientWidth, height: window.innerHeight },
        controls: reachableControls(list),
        preferred,
        fullWidth,
      });
      setOffset((old) => (old.top === next.top && old.right === next.right ? old : next));
    };
    const schedule = () => {
      frame ||= window.requestAnimationFrame(place);
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    const events = ['resize', 'scroll', 'animationend', 'transitionend'] as const;
    for (const event of events) window.addEventListener(event, schedule, { capture: true, passive: true });
    schedule();
    return () => {
      observer.disconnect();
      for (const event of events) window.removeEventListener(event, schedule, { capture: true });
      window.cancelAnimationFrame(frame);
    };
  }, []);
  return offset;
}

export default function Toaster() {
  const offset = useFreeSpot();
  // The toasts read in the page's direction after a switch of language too (a full stop on the left in ar-EG).
  const { i18n } = useTranslation();
  return (
    <>
      <SonnerToaster
        position="top-right"
        offset={offset}
        mobileOffset={{ top: offset.top }}
        duration={TOAST_DURATION_MS}
        dir={i18n.dir()}
        closeButton
      />
      <Mounted />
    </>
  );
}
