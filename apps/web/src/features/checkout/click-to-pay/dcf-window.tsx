import './click-to-pay.css';
import { forwardRef, useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../../lib/i18n';
import type { CommonSettings, DcfPresentationType } from '@c2p/domain';
import { liveScreenSettings } from '../../../lib/screen-settings';

/** Popup size and place: centred, as the network asks for its authentication screens. */
const POPUP = { width: 480, height: 640 };

/**
 * Opens the DCF popup, on the customizations' pop-up URL if one is configured (the network then
 * navigates it to its window). It must run synchronously inside the shopper's click, or the browser
 * blocks it; null when it is blocked anyway (the caller falls back to the iframe).
 */
export function openDcfPopup(): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP.width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP.height) / 2);
  return window.open(
    liveScreenSettings().customizations.popupUrl,
    'c2p-dcf',
    `popup=yes,width=${POPUP.width},height=${POPUP.height},left=${Math.round(left)},top=${Math.round(top)}`,
  );
}

/** Message the sandbox's DCF sends its page with its content's height (`c2p-sandbox:dcf-size`). */
const SIZE_MESSAGE = 'c2p-sandbox:dcf-size';

/**
 * The iframe the DCF runs in: an action sheet sliding up from the bottom, or a centred modal. It
 * takes the focus when it opens (the network's page then focuses its primary action), keeps it
 * while open, and is as tall as the network's content says (up to 90% of the window).
 */
export const DcfFrame = forwardRef<HTMLIFrameElement, { presentation: DcfPresentationType }>(function DcfFrame(
  { presentation },
  ref,
) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const [height, setHeight] = useState<number>();
  const setRefs = (node: HTMLIFrameElement | null) => {
    frameRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    frame.focus();
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (event.source !== frame.contentWindow || data?.type !== SIZE_MESSAGE) return;
      if (typeof data.height === 'number' && Number.isFinite(data.height) && data.height > 0) {
        setHeight(Math.ceil(data.height));
      }
    };
    // Focus that leaves for the page behind (Tab past the window's last control) comes back in.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !frame.parentElement?.contains(event.target)) frame.focus();
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('focusin', onFocusIn);
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <div
      className={`dcf dcf--${presentation}`}
      role="dialog"
      aria-modal="true"
      aria-label={t('CLICK_TO_PAY.DCF_TITLE')}
      data-sized={height ? '' : undefined}
    >
      <div className="dcf__backdrop" />
      <div className="dcf__sheet" style={height ? { blockSize: `min(${height}px, 90vh)` } : undefined}>
        <iframe
          ref={setRefs}
          name="c2p-dcf-frame"
          title={t('CLICK_TO_PAY.DCF_TITLE')}
          className="dcf__frame"
          // The network's window may ask for a payment passkey (sign-in, payment confirmation, creation).
          allow="publickey-credentials-get *; publickey-credentials-create *"
        />
      </div>
    </div>
  );
});

/** The network's window as a checkout holds it: the window to pass as windowRef, and how to close it. */
export interface NetworkWindow {
  windowRef: Window;
  close(): void;
}

/**
 * The DCF window the settings choose: a popup (when the browser lets one open), else the frame
 * on the page, rendered at once so that its window exists when the call needs it.
 */
export function useDcfWindow(windowRefType: CommonSettings['windowRefType']): {
  open(): NetworkWindow;
  isOpen: boolean;
  frameRef: RefObject<HTMLIFrameElement | null>;
} {
  const [isOpen, setOpen] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const open = (): NetworkWindow => {
    if (windowRefType === 'popup') {
      const popup = openDcfPopup();
      if (popup) return { windowRef: popup, close: () => popup.close() };
    }
    flushSync(() => setOpen(true));
    const frame = frameRef.current!;
    return {
      windowRef: frame.contentWindow!,
      close: () => {
        frame.src = 'about:blank';
        setOpen(false);
      },
    };
  };
  return { open, isOpen, frameRef };
}
