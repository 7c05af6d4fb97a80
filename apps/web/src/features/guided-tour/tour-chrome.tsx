import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { MOCK_SRC_CALL_EVENT, type MockSrcCall } from '../../lib/click-to-pay/mock-src';
import { useTranslation } from '../../lib/i18n';
import { saveTourStatus, tourStatus, type TourStatus } from '../../lib/tour-status';
import { endDemo } from './end-demo';
import { HINT_BELOW, stepsOf, type TourStep } from './steps';
import { testDataFor, type TestDataOption } from './tour-data';
import { useTourStatus } from './use-tour';
import './tour.css';

/** The narrow layout of decision 014 (its media query in tour.css). */
const isNarrowLayout = () => window.matchMedia?.('(max-width: 991px)').matches ?? false;

/** Where each tour's exit link leads: its lander. */
const LANDERS = {
  c2p: '/demo/guided-tour',
  cof: '/demo/guided-tour/card-on-file',
  installments: '/demo/guided-tour/installments',
} as const;

const infoKey = (status: TourStatus) =>
  status.tour === 'cof'
    ? 'TOUR.EXPERIENCES.COF.INFO'
    : status.tour === 'installments'
      ? 'TOUR.EXPERIENCES.INSTALLMENTS.INFO'
      : `TOUR.EXPERIENCES.${status.activatedUseCase}.INFO`;

const nameKey = (status: TourStatus) =>
  status.tour === 'cof'
    ? 'TOUR.EXPERIENCES.COF.NAME'
    : status.tour === 'installments'
      ? 'TOUR.EXPERIENCES.INSTALLMENTS.NAME'
      : `TOUR.EXPERIENCES.${status.activatedUseCase}.NAME`;

/**
 * What the guided tour adds to a page while a tour runs (or was left to explore): the tour info
 * header, the floating hint and the dismiss modal. Renders nothing when no tour runs.
 */
export default function TourChrome({ thankYou }: { thankYou?: boolean }) {
  const status = useTourStatus();
  const { pathname } = useLocation();
  useRememberMe();
  if (status.tourStepNo < 1) return null;
  const ended = thankYou ?? pathname.startsWith('/checkout/thank-you');
  return (
    <>
      <TourHeader status={status} thankYou={ended} />
      {!status.dismissed && <TourHint status={status} />}
    </>
  );
}

/** A checkout that ticks Remember me is what unlocks experience 2. */
function useRememberMe() {
  useEffect(() => {
    const heard = (event: Event) => {
      const { params } = (event as CustomEvent<MockSrcCall>).detail;
      if (params && typeof params === 'object' && (params as { rememberMe?: unknown }).rememberMe === true) {
        if (tourStatus().tourStepNo >= 1) saveTourStatus({ rememberMe: true });
      }
    };
    window.addEventListener(MOCK_SRC_CALL_EVENT, heard);
    return () => window.removeEventListener(MOCK_SRC_CALL_EVENT, heard);
  }, []);
}

export function TourHeader({ status, thankYou }: { status: TourStatus; thankYou: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="tour-header" aria-label={t('TOUR.TITLE')} data-testid="tour-header">
      <Link to={LANDERS[status.tour]} className="tour-header__exit">
        {t('TOUR.HEADER.EXIT')}
      </Link>
      <p className="tour-header__title">{t('POLISH.TITLED', { title: t('TOUR.TITLE'), name: t(nameKey(status)) })}</p>
      <InfoTip text={t(infoKey(status))} />
      <TestDataPicker options={testDataFor(status.tour, status.activatedUseCase)} />
      {status.dismissed && (
        <button
          type="button"
          className="button button--secondary tour-header__resume"
          onClick={() => saveTourStatus({ dismissed: false })}
        >
          {t('TOUR.HEADER.RESUME')}
        </button>
      )}
      {thankYou && (
        <button
          type="button"
          id={`gt_id_${status.tourStepNo}`}
          data-tour="end-demo"
          className="button button--primary tour-header__end"
          onClick={() => endDemo()}
        >
          {t('TOUR.HEADER.END_DEMO')}
        </button>
      )}
    </section>
  );
}

function InfoTip({ text }: { text: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="tour-tip" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="tour-tip__button"
        aria-label={t('TOUR.HEADER.INFO')}
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        i
      </button>
      <span role="tooltip" id={id} className="tour-tip__text" hidden={!open}>
        {text}
      </span>
    </span>
  );
}

export function TestDataPicker({ options }: { options: TestDataOption[] }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<string>();
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without clipboard access the value is still shown to copy by hand.
    }
    setCopied(text);
  };
  /** Use: puts the value into the field that has the focus last (or the page's matching field). */
  const use = (option: TestDataOption) => {
    const fieldName = {
      email: ['c2pEmail', 'email'],
      phoneNumber: ['phoneNumber'],
      otp: [],
      password: ['password'],
      card: ['number'],
    }[option.type];
    for (const name of fieldName) {
      const field = document.querySelector<HTMLInputElement>(`main [name="${name}"]`);
      if (!field) continue;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(
        field,
        option.type === 'phoneNumber' ? option.text.replace(/^\+\d+\s*/, '').replace(/\D/g, '') : option.text,
      );
      field.dispatchEvent(new Event('input', { bubbles: true }));
      if (option.type === 'card') {
        const form = field.closest('form');
        const expiry = form?.querySelector<HTMLInputElement>('[name="expiry"]');
        const code = form?.querySelector<HTMLInputElement>('[name="securityCode"]');
        if (expiry && option.expiryDate) {
          setter?.call(expiry, option.expiryDate);
          expiry.dispatchEvent(new Event('input', { bubbles: true }));
        }
        if (code && option.securityCode) {
          setter?.call(code, option.securityCode);
          code.dispatchEvent(new Event('input', { bubbles: true }));
        }
      }
      field.focus();
      return;
    }
    void copy(option.text);
  };
  return (
    <div className="test-data">
      <button
        type="button"
        className="button button--secondary test-data__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {t('TOUR.TEST_DATA.BUTTON')}
      </button>
      <div id={panelId} className="test-data__panel" hidden={!open}>
        <h2 className="test-data__title">{t('TOUR.TEST_DATA.TITLE')}</h2>
        <dl>
          {options.map((option) => (
            <div key={`${option.type}-${option.text}`} className="test-data__row">
              <dt>{t(`TOUR.TEST_DATA.${option.type === 'phoneNumber' ? 'PHONE' : option.type.toUpperCase()}`)}</dt>
              <dd>
                <span dir="ltr" className="test-data__value">
                  {option.text}
                </span>
                {option.type === 'card' && (
                  <span className="test-data__detail">
                    {t('TOUR.TEST_DATA.EXPIRY', { expiry: option.expiryDate ?? '', code: option.securityCode ?? '' })}
                  </span>
                )}
                <button
                  type="button"
                  className="button button--link"
                  aria-label={`${t('TOUR.TEST_DATA.COPY')} ${option.text}`}
                  onClick={() => void copy(option.text)}
                >
                  {copied === option.text ? t('TOUR.TEST_DATA.COPIED') : t('TOUR.TEST_DATA.COPY')}
                </button>
                {option.type !== 'otp' && (
                  <button
                    type="button"
                    className="button button--link"
                    aria-label={`${t('TOUR.TEST_DATA.USE')} ${option.text}`}
                    onClick={() => use(option)}
                  >
                    {t('TOUR.TEST_DATA.USE')}
                  </button>
                )}
              </dd>
            </div>
          ))}
        </dl>
        <p className="visually-hidden" role="status">
          {copied ? t('TOUR.TEST_DATA.COPIED') : ''}
        </p>
      </div>
    </div>
  );
}

interface Placement {
  /** The id of the element the hint points at. */
  target: string;
  top: number;
  left: number;
  below: boolean;
}

/**
 * The floating hint: 'Start here' on step 1, 'Next' afterwards, above or below the element of the
 * current step (`gt_id_{step}`). Pressing it does the step with the test data; a step done by hand
 * moves the tour on as well (the next step's element shows while this one's is gone).
 */
function TourHint({ status }: { status: TourStatus }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [busy, setBusy] = useState(false);
  const [dismissing, setDismissing] = useState(false);
  const steps = useMemo(() => stepsOf(status.tour, status.activatedUseCase), [status.tour, status.activatedUseCase]);
  const stepNo = status.tourStepNo;
  const step: TourStep | undefined = steps[stepNo - 1];
  const busyRef = useRef(false);

  useEffect(() => {
    const locate = () => {
      const current = steps[stepNo - 1];
      const here = current && current.path === pathname ? current.target() : null;
      if ((!here || current?.done?.()) && !busyRef.current) {
        // Done by hand (or by the hint): the first later step whose element shows is the current one.
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
      const rect = here.getBoundingClientRect();
      // End demo sits in the tour header when wide (the hint goes under it, clear of the store nav)
      // and in a bar at the bottom when narrow (the hint goes above it).
      const below = HINT_BELOW.has(current.key) || (current.key === 'END_DEMO' && !isNarrowLayout());
      const top = below ? rect.bottom + window.scrollY + 10 : rect.top + window.scrollY - 64;
      const width = stepNo === 1 ? 170 : 130;
      const rtl = document.documentElement.dir === 'rtl';
      const left = Math.max(8, Math.min(window.innerWidth - width - 8, rtl ? rect.right - width : rect.left));
      setPlacement((old) =>
        old && old.top === top && old.left === left && old.below === below && old.target === here.id
          ? old
          : { target: here.id, top, left, below },
      );
      const pos = below ? 'bottom' : 'top';
      if (tourStatus().nextHintPos !== pos) saveTourStatus({ nextHintPos: pos });
    };
    locate();
    const timer = window.setInterval(locate, 200);
    window.addEventListener('resize', locate);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', locate);
    };
  }, [pathname, stepNo, steps]);

  const next = async () => {
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

  return createPortal(
    <>
      {placement && step && (
        <aside
          aria-labelledby="tour-hint-text"
          className={`tour-hint tour-hint--${placement.below ? 'below' : 'above'}`}
          style={{ top: placement.top, insetInlineStart: placement.left, width: stepNo === 1 ? 170 : 130 }}
          data-testid="tour-hint"
          data-step={stepNo}
        >
          <button
            type="button"
            className="tour-hint__next"
            aria-describedby="tour-hint-text"
            aria-controls={placement.target}
            disabled={busy}
            onClick={() => void next()}
          >
            {t(stepNo === 1 ? 'TOUR.HINT.START' : 'TOUR.HINT.NEXT')}
          </button>
          <button
            type="button"
            className="tour-hint__close"
            aria-label={t('TOUR.HINT.CLOSE')}
            onClick={() => setDismissing(true)}
          >
            ×
          </button>
          <span id="tour-hint-text" className="tour-hint__text">
            {t(`TOUR.HINT.STEPS.${step.key}`)}
          </span>
        </aside>
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

/** A tour's own page (landers and steps): the tour's header and hint above the page's content. */
export function TourFrame({ children, thankYou }: { children: ReactNode; thankYou?: boolean }) {
  return (
    <>
      <TourChrome thankYou={thankYou} />
      {children}
    </>
  );
}
