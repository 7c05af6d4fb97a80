import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../lib/i18n';
import { Icon } from './icon';

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab can reach inside a container, in document order (hidden and inert parts left out). */
export function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert]'),
  );
}

interface SlideOverProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** When this changes, focus moves to the first field of the new content (e.g. sign-in ↔ register). */
  focusKey?: string;
  wide?: boolean;
  className?: string;
  /** Where focus goes on close when the opener is gone (e.g. 'Sign in' became the shopper's name). */
  fallbackFocus?(): HTMLElement | null;
}

const CLOSE_ICON =
  'M18.3 5.7a1 1 0 0 0-1.4 0L12 10.6 7.1 5.7a1 1 0 0 0-1.4 1.4l4.9 4.9-4.9 4.9a1 1 0 1 0 1.4 1.4l4.9-4.9 4.9 4.9a1 1 0 0 0 1.4-1.4L13.4 12l4.9-4.9a1 1 0 0 0 0-1.4Z';

/**
 * While the dialog is open: focus starts inside it and is pulled back in when it lands outside, the
 * page behind does not scroll, and on close focus goes back to the opener (or the fallback).
 */
function useFocusInside(
  panelRef: RefObject<HTMLDivElement | null>,
  bodyRef: RefObject<HTMLDivElement | null>,
  fallbackFocus: (() => HTMLElement | null) | undefined,
) {
  const fallbackRef = useRef(fallbackFocus);
  useEffect(() => {
    fallbackRef.current = fallbackFocus;
  });
  useEffect(() => {
    const panel = panelRef.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const firstInBody = () => tabbables(bodyRef.current!)[0] ?? tabbables(panel)[0] ?? panel;
    // Content may name where focus starts (a disabled form starts at its note, not at a live link).
    const start = [...bodyRef.current!.querySelectorAll<HTMLElement>('[data-autofocus]')].find(
      (element) => !element.closest('[hidden]'),
    );
    (start ?? firstInBody()).focus();

    // Focus that lands outside (a click on the page behind, a screen reader's jump) comes back in.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !panel.contains(event.target)) firstInBody().focus();
    };
    document.addEventListener('focusin', onFocusIn);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.body.style.overflow = overflow;
      const target = opener?.isConnected && opener !== document.body ? opener : fallbackRef.current?.();
      target?.focus();
    };
  }, [panelRef, bodyRef]);
}

/** When `focusKey` changes after the first render, focus moves to the first field of the new content. */
function useFocusOnNewContent(
  focusKey: string | undefined,
  panelRef: RefObject<HTMLDivElement | null>,
  bodyRef: RefObject<HTMLDivElement | null>,
) {
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    (tabbables(bodyRef.current!)[0] ?? panelRef.current!).focus();
  }, [focusKey, panelRef, bodyRef]);
}

/** Tab and Shift+Tab wrap around inside the panel; with nothing to reach, focus stays on the panel. */
function keepTabInside(event: KeyboardEvent<HTMLDivElement>, panel: HTMLDivElement) {
  const items = tabbables(panel);
  if (items.length === 0) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog that slides in from the inline-end side (the left in ar-EG). Focus moves in on open,
 * is kept inside (Tab and Shift+Tab wrap around), Escape, the backdrop and the close button close it,
 * and focus goes back to whatever opened it.
 */
export function SlideOver({ title, onClose, children, focusKey, wide, className, fallbackFocus }: SlideOverProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useFocusInside(panelRef, bodyRef, fallbackFocus);
  useFocusOnNewContent(focusKey, panelRef, bodyRef);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
    } else if (event.key === 'Tab') {
      keepTabInside(event, panelRef.current!);
    }
  }

  return createPortal(
    <div className={`slide-over ${className ?? ''}`}>
      <div className="slide-over__backdrop" data-testid="slide-over-backdrop" onClick={() => onCloseRef.current()} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        tabIndex={-1}
        className={`slide-over__panel${wide ? ' slide-over__panel--wide' : ''}`}
        onKeyDown={onKeyDown}
      >
        <div className="slide-over__header">
          <h2 id={headingId} className="slide-over__title">
            {title}
          </h2>
          <button
            type="button"
            className="slide-over__close"
            aria-label={t('ACCOUNT.PANEL.CLOSE')}
            onClick={() => onCloseRef.current()}
          >
            <Icon path={CLOSE_ICON} size={20} />
          </button>
        </div>
        <div ref={bodyRef} className="slide-over__body">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
