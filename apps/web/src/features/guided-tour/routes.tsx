import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toCents, type Tool } from '@c2p/domain';
import { Page } from '../../components/layout/page';
import { Price } from '../../components/ui/price';
import { activateTool } from '../../lib/active-tool';
import { endClickToPaySession } from '../../lib/click-to-pay/client';
import { useTranslation } from '../../lib/i18n';
import { useCheckout } from '../../lib/checkout-store';
import { saveTourStatus, tourStatus, type Experience, type TourKind } from '../../lib/tour-status';
import { useCart } from '../cart';
import { useProducts } from '../products';
import { returningUserUnlocked } from './end-demo';
import { AGENT_PATHS, stepsOf } from './steps';
import { TourFrame } from './tour-chrome';
import { useTourStatus } from './use-tour';
import { CardOnFileTour } from './cof-tour';
import { InstallmentsTour } from './installments-tour';
import './tour.css';

/**
 * A page of the tours: its mock tool set on mount (spec section 4), its title and intro; `framed`
 * (a tour's own steps), the tour's header and hint above it.
 */
export function TourPage({
  tool,
  title,
  intro,
  framed = false,
  thankYou,
  children,
}: {
  tool: Tool;
  title: string;
  intro?: string;
  framed?: boolean;
  thankYou?: boolean;
  children: ReactNode;
}) {
  useEffect(() => activateTool(tool), [tool]);
  const page = (
    <Page title={title} className="tour">
      {intro && <p className="tour__intro">{intro}</p>}
      {children}
    </Page>
  );
  return framed ? <TourFrame thankYou={thankYou}>{page}</TourFrame> : page;
}

/**
 * Starts a tour at step 1 (spec section 3's tour state), with nothing of an earlier checkout: the
 * shipping form shows no other experience's shopper before the hint fills it in.
 */
function startTour(tour: TourKind, experience: Experience) {
  endClickToPaySession();
  useCheckout.getState().forget();
  saveTourStatus({
    tour,
    activatedUseCase: experience,
    tourStepNo: 1,
    nextHintPos: null,
    dismissed: false,
    rememberMe: false,
    testDataOptionsType: tour === 'cof' && experience === 1 ? 'email/password/card-on-file' : 'email/password',
  });
}

/** Starts a tour and leaves for its steps page. */
function useStartTour() {
  const navigate = useNavigate();
  return (tour: TourKind, experience: Experience, path: string) => {
    startTour(tour, experience);
    navigate(path);
  };
}

/** A tour's steps page opened with another tour (or none) running starts its own, at its first experience. */
function useOwnTour(tour: TourKind) {
  useEffect(() => {
    const status = tourStatus();
    if (status.tour !== tour || status.tourStepNo < 1) startTour(tour, tour === 'installments' ? 2 : 1);
  }, [tour]);
}

/** A tour left on the way: back to the page of the step it was on (else its steps page). */
function ResumeNotice({ path }: { path: string }) {
  const { t } = useTranslation();
  const status = useTourStatus();
  const navigate = useNavigate();
  if (status.tourStepNo < 1) return null;
  const stepPath = stepsOf(status.tour, status.activatedUseCase)[status.tourStepNo - 1]?.path ?? path;
  return (
    <section className="notice tour-resume" aria-labelledby="tour-resume-title">
      <h2 id="tour-resume-title">{t('TOUR.LANDER.RESUME')}</h2>
      <p>{t('TOUR.LANDER.RESUME_TEXT')}</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          saveTourStatus({ dismissed: false });
          navigate(stepPath);
        }}
      >
        {t('TOUR.LANDER.RESUME')}
      </button>
    </section>
  );
}

/** The lander's links to the other tours. */
const MORE_TOURS = [
  { to: '/demo/guided-tour/card-on-file', label: 'TOUR.LANDER.COF_LINK' },
  { to: '/demo/guided-tour/installments', label: 'TOUR.LANDER.INSTALLMENTS_LINK' },
];

/**
 * The lander's experiences, numbered as the lander counts them: the Click to Pay tour's four, then
 * the agent tour's two (issue 39), each with its catalogue key and where it starts.
 */
const EXPERIENCES: { n: number; key: string; tour: TourKind; experience: Experience; path: string }[] = [
  { n: 1, key: '1', tour: 'c2p', experience: 1, path: '/demo/guided-tour/steps' },
  { n: 2, key: '2', tour: 'c2p', experience: 2, path: '/demo/guided-tour/recognized-user' },
  { n: 3, key: '3', tour: 'c2p', experience: 3, path: '/demo/guided-tour/steps' },
  { n: 4, key: '4', tour: 'c2p', experience: 4, path: '/demo/guided-tour/steps' },
  { n: 5, key: 'AGENT', tour: 'agent', experience: 1, path: AGENT_PATHS[1] },
  { n: 6, key: 'AGENT_AUTONOMOUS', tour: 'agent', experience: 2, path: AGENT_PATHS[2] },
];

/** /demo/guided-tour: the experiences, numbered as the tour counts them. */
export function TourLander() {
  const { t } = useTranslation();
  const start = useStartTour();
  const [unlocked] = useState(returningUserUnlocked);
  return (
    <TourPage tool="mock-tool" title={t('PAGES.GUIDED_TOUR')} intro={t('TOUR.LANDER.INTRO')}>
      <ResumeNotice path="/demo/guided-tour/steps" />
      <ol className="tour-experiences">
        {EXPERIENCES.map(({ n, key, tour, experience, path }) => {
          const locked = n === 2 && !unlocked;
          return (
            <li key={n} className="tour-experience">
              <p className="tour-experience__number">{t('TOUR.LANDER.EXPERIENCE', { n })}</p>
              <h2 className="tour-experience__name" id={`tour-experience-${n}`}>
                {t(`TOUR.EXPERIENCES.${key}.NAME`)}
              </h2>
              <p>{t(`TOUR.EXPERIENCES.${key}.TEXT`)}</p>
              {locked && (
                <p className="tour-experience__locked" id="tour-locked-reason">
                  {t('TOUR.LANDER.LOCKED')}
                </p>
              )}
              <button
                type="button"
                className="button button--primary"
                disabled={locked}
                aria-describedby={locked ? 'tour-locked-reason' : undefined}
                onClick={() => start(tour, experience, path)}
              >
                {t(`TOUR.EXPERIENCES.${key}.START`)}
              </button>
            </li>
          );
        })}
      </ol>
      <h2>{t('TOUR.LANDER.MORE')}</h2>
      <ul className="tour-more">
        {MORE_TOURS.map(({ to, label }) => (
          <li key={to}>
            <Link to={to}>{t(label)}</Link>
          </li>
        ))}
      </ul>
    </TourPage>
  );
}

/** /demo/guided-tour/recognized-user: experience 2's lander. */
export function RecognizedUserLander() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useTourStatus();
  const start = useStartTour();
  const unlocked = returningUserUnlocked();
  return (
    <TourPage tool="mock-tool" title={t('TOUR.RECOGNIZED.TITLE')} intro={t('TOUR.RECOGNIZED.TEXT')}>
      {!unlocked && <p className="tour-experience__locked">{t('TOUR.LANDER.LOCKED')}</p>}
      <button
        type="button"
        className="button button--primary"
        disabled={!unlocked}
        onClick={() =>
          status.tour === 'c2p' && status.activatedUseCase === 2 && status.tourStepNo >= 1
            ? navigate('/demo/guided-tour/steps')
            : start('c2p', 2, '/demo/guided-tour/steps')
        }
      >
        {t('TOUR.RECOGNIZED.START')}
      </button>
    </TourPage>
  );
}

/** /demo/guided-tour/steps: the tour's shop, where the checkout starts. */
export function TourSteps() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { products } = useProducts();
  const loadDemo = useCart((s) => s.loadDemo);
  const chosen = products.slice(0, 2);
  useOwnTour('c2p');
  return (
    <TourPage tool="mock-tool" title={t('TOUR.STEPS.TITLE')} intro={t('TOUR.STEPS.INTRO')} framed>
      <ul className="tour-products">
        {chosen.map((product) => (
          <li key={product.id} className="tour-product">
            <img src={product.image} alt="" width="96" height="96" />
            <span className="tour-product__name">{product.name}</span>
            <Price cents={toCents(product.price)} />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--primary"
        data-tour="add-to-cart"
        disabled={chosen.length === 0}
        aria-label={t('POLISH.TITLED', {
          title: t('TOUR.STEPS.ADD_TO_CART'),
          name: chosen.map((p) => p.name).join(', '),
        })}
        onClick={() => {
          loadDemo(products);
          navigate('/cart');
        }}
      >
        {t('TOUR.STEPS.ADD_TO_CART')}
      </button>
    </TourPage>
  );
}

/** /demo/guided-tour/card-on-file: the card-on-file tour's lander. */
export function CardOnFileLander() {
  const { t } = useTranslation();
  const start = useStartTour();
  return (
    <TourPage tool="mock-tool-cof" title={t('TOUR.COF.TITLE')} intro={t('TOUR.COF.TEXT')}>
      <ResumeNotice path="/demo/guided-tour/card-on-file/steps" />
      <button
        type="button"
        className="button button--primary"
        onClick={() => start('cof', 1, '/demo/guided-tour/card-on-file/steps')}
      >
        {t('TOUR.COF.START')}
      </button>
    </TourPage>
  );
}

/** A tour that runs on its own steps page: its tool, its title, and its flow, which says when it is done. */
function OwnStepsPage({
  tour,
  tool,
  title,
  Flow,
}: {
  tour: TourKind;
  tool: Tool;
  title: string;
  Flow: typeof CardOnFileTour;
}) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  useOwnTour(tour);
  return (
    <TourPage tool={tool} title={t(title)} framed thankYou={done}>
      <Flow onDone={() => setDone(true)} />
    </TourPage>
  );
}

export const CardOnFileSteps = () => (
  <OwnStepsPage tour="cof" tool="mock-tool-cof" title="TOUR.COF.TITLE" Flow={CardOnFileTour} />
);

export const InstallmentsSteps = () => (
  <OwnStepsPage
    tour="installments"
    tool="mock-tool-installments"
    title="TOUR.INSTALLMENTS.TITLE"
    Flow={InstallmentsTour}
  />
);
