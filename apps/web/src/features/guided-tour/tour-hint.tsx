import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { saveTourStatus, tourStatus, type TourStatus } from '../../lib/tour-status';
import { HINT_BELOW, stepsOf, type TourStep } from './steps';

/** The narrow layout of decision 014 (its media query in tour.css). */
const isNarrowLayout = () => window.matchMedia?.('(max-width: 991px)').matches ?? false;

/** The hint's width: 'Start here' (step 1) is wider than 'Next'. */
const hintWidth = (stepNo: number) => (stepNo === 1 ? 170 : 130);

interface Placement {
  /** The id of the element the hint points at. */
  target: string;
  top: number;
  left: number;
  below: boolean;
}

/** Where the hint stands by the element of its step: above it, or below it for some steps. */
function placementBy(element: HTMLElement, step: TourStep, stepNo: number): Placement {
  const rect = element.getBoundingClientRect();
  // End demo sits in the tour header when wide (the hint goes under it, clear of the store nav)
  // and in a bar at the bottom when narrow (the hint goes above it).
  const below = HINT_BELOW.has(step.key) || (step.key === 'END_DEMO' && !isNarrowLayout());
  const top = below ? rect.bottom + window.scrollY + 10 : rect.top + window.scrollY - 64;
  const width = hintWidth(stepNo);
  const rtl = document.documentElement.dir === 'rtl';
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, rtl ? rect.right - width : rect.left));
  return { target: element.id, top, left, below };
}

const samePlacement = (a: Placement, b: Placement) =>
  a.top === b.top && a.left === b.left && a.below === b.below && a.target === b.target;

/**
 * Follows the current step's element (every 200 ms and on resize): the hint's placement, or null
 * while the element is not on the page. A step done by hand (or by the hint) moves the tour on:
 * the first later step whose element shows is the current one.
 */
function useHintPlacement(steps: TourStep[], stepNo: number, busyRef: RefObject<boolean>): Placement | null {
  const { pathname } = useLocation();
  const [placement, setPlacement] = useState<Placement | null>(null);
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
        setPlacement(null);
        return;
      }
      if (!here.id) here.id = `gt_id_${stepNo}`;
      const next = placementBy(here, current, stepNo);
      setPlacement((old) => (old && samePlacement(old, next) ? old : next));
      const pos = next.below ? 'bottom' : 'top';
      if (tourStatus().nextHintPos !== pos) saveTourStatus({ nextHintPos: pos });
    };
    locate();
    const timer = window.setInterval(locate, 200);
    window.addEventListener('resize', locate);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', locate);
    };
  }, [pathname, stepNo, steps, busyRef]);
  return placement;
}

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
 * The floating hint: 'Start here' on step 1, 'Next' afterwards, above or below the element of the
 * current step (`gt_id_{step}`). Pressing it does the step with the test data; a step done by hand
 * moves the tour on as well (the next step's element shows while this one's is gone).
 */
export function TourHint({ status }: { status: TourStatus }) {
  const [dismissing, setDismissing] = useState(false);
  const steps = useMemo(() => stepsOf(status.tour, status.activatedUseCase), [status.tour, status.activatedUseCase]);
  const stepNo = status.tourStepNo;
  const step: TourStep | undefined = steps[stepNo - 1];
  const { busy, busyRef, run } = useStepRunner(step);
  const placement = useHintPlacement(steps, stepNo, busyRef);

  return createPortal(
    <>
      {placement && step && (
        <HintBubble
          placement={placement}
          step={step}
          stepNo={stepNo}
          busy={busy}
          onNext={() => void run()}
          onClose={() => setDismissing(true)}
        />
      )}
      {dismissing && (
        <DismissModal
          onLeave={() => {
            setDismissing(false);
            saveTourStatus({ dismissed: true });
          }}
          onKeep={() => setDismissing(false)}
        />
      )}
    </>,
    document.body,
  );
}

function HintBubble({
  placement,
  step,
  stepNo,
  busy,
  onNext,
  onClose,
}: {
  placement: Placement;
  step: TourStep;
  stepNo: number;
  busy: boolean;
  onNext(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="tour-hint-text"
      className={`tour-hint tour-hint--${placement.below ? 'below' : 'above'}`}
      style={{ top: placement.top, insetInlineStart: placement.left, width: hintWidth(stepNo) }}
      data-testid="tour-hint"
      data-step={stepNo}
    >
      <button
        type="button"
        className="tour-hint__next"
        aria-describedby="tour-hint-text"
        aria-controls={placement.target}
        disabled={busy}
        onClick={onNext}
      >
        {t(stepNo === 1 ? 'TOUR.HINT.START' : 'TOUR.HINT.NEXT')}
      </button>
      <button type="button" className="tour-hint__close" aria-label={t('TOUR.HINT.CLOSE')} onClick={onClose}>
        ×
      </button>
      <span id="tour-hint-text" className="tour-hint__text">
        {t(`TOUR.HINT.STEPS.${step.key}`)}
      </span>
    </aside>
  );
}

function DismissModal({ onLeave, onKeep }: { onLeave(): void; onKeep(): void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="tour-dismiss"
      aria-labelledby="tour-dismiss-title"
      aria-describedby="tour-dismiss-text"
      onCancel={(event) => {
        event.preventDefault();
        onKeep();
      }}
    >
      <h2 id="tour-dismiss-title">{t('TOUR.DISMISS.TITLE')}</h2>
      <p id="tour-dismiss-text">{t('TOUR.DISMISS.TEXT')}</p>
      <div className="tour-dismiss__actions">
        <button type="button" className="button button--secondary" onClick={onLeave}>
          {t('TOUR.DISMISS.LEAVE')}
        </button>
        <button type="button" className="button button--primary" onClick={onKeep} autoFocus>
          {t('TOUR.DISMISS.KEEP')}
        </button>
      </div>
    </dialog>
  );
}
