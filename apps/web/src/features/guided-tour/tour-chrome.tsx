import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { MOCK_SRC_CALL_EVENT, type MockSrcCall } from '../../lib/click-to-pay/mock-src';
import { useTranslation } from '../../lib/i18n';
import { saveTourStatus, tourStatus, type TourStatus } from '../../lib/tour-status';
import { endDemo } from './end-demo';
import { stepsOf } from './steps';
import { TestDataPicker } from './test-data-picker';
import { testDataFor } from './tour-data';
import { TourHint } from './tour-hint';
import { useTourStatus } from './use-tour';
import './tour.css';

/** Where each tour's exit link leads: its lander (the agent tour's experiences are listed on the tours' lander). */
const LANDERS = {
  c2p: '/demo/guided-tour',
  cof: '/demo/guided-tour/card-on-file',
  installments: '/demo/guided-tour/installments',
  agent: '/demo/guided-tour',
} as const;

/** The message key of the running tour's experience: its name or its info. */
function experienceKey(status: TourStatus, part: 'NAME' | 'INFO'): string {
  const experience = {
    c2p: status.activatedUseCase,
    cof: 'COF',
    installments: 'INSTALLMENTS',
    agent: status.activatedUseCase === 2 ? 'AGENT_AUTONOMOUS' : 'AGENT',
  }[status.tour];
  return `TOUR.EXPERIENCES.${experience}.${part}`;
}

/** Whether the page is one the running tour's steps happen on. */
const isTourPage = (status: TourStatus, pathname: string) =>
  stepsOf(status.tour, status.activatedUseCase).some((step) => step.path === (pathname.replace(/\/+$/, '') || '/'));

/**
 * What the guided tour adds to the pages of its steps while it runs (or was left to explore): the
 * tour info header, the floating hint and the dismiss modal. Renders nothing when no tour runs, and
 * nothing on the other pages: a visitor who wanders off is not followed, and the tour's lander
 * offers to resume it.
 */
export default function TourChrome({ thankYou }: { thankYou?: boolean }) {
  const status = useTourStatus();
  const { pathname } = useLocation();
  useRememberMe();
  if (status.tourStepNo < 1 || !isTourPage(status, pathname)) return null;
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
      <p className="tour-header__title">
        {t('POLISH.TITLED', { title: t('TOUR.TITLE'), name: t(experienceKey(status, 'NAME')) })}
      </p>
      <InfoTip text={t(experienceKey(status, 'INFO'))} />
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
        <div className="tour-header__end-bar">
          <button
            type="button"
            id={`gt_id_${status.tourStepNo}`}
            data-tour="end-demo"
            className="button button--primary tour-header__end"
            onClick={() => endDemo()}
          >
            {t('TOUR.HEADER.END_DEMO')}
          </button>
        </div>
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

/** A tour's own page (landers and steps): the tour's header and hint above the page's content. */
export function TourFrame({ children, thankYou }: { children: ReactNode; thankYou?: boolean }) {
  return (
    <>
      <TourChrome thankYou={thankYou} />
      {children}
    </>
  );
}
