import { Suspense, useMemo } from 'react';
import { Loader } from '../../components/ui/loader';
import { AgentCheckoutDemo, MandateChainDemo } from '../agentic-live';
import { Link, useParams, useSearchParams } from 'react-router';
import { apiLog, findReplayed, maskNotesOf } from '../api-log';
import { Page } from '../../components/layout/page';
import { TitledSection } from '../../components/layout/titled-section';
import { useCheckout } from '../../lib/checkout-store';
import { storeConfiguration } from '../../lib/click-to-pay/settings';
import { useTranslation } from '../../lib/i18n';
import { TEST_OTP } from '../../lib/test-shopper';
import { componentBySlug, type ComponentEntry } from './catalogue';
import { CardInputDemo } from './card-input-demo';
import { codeSampleFor } from './code-samples';
import { CopyButton } from './copy-button';
import { defaultInput } from './demo-runs';
import { FlowDiagram } from './flow-diagram';
import { LiveDemo } from './live-demo';
import { replayInput, type Replay } from './replay';
import './components.css';

function Links({ entry }: { entry: ComponentEntry }) {
  const { t } = useTranslation();
  const links = 'storeKey' in entry.links ? storeConfiguration().documentationLinks[entry.links.storeKey] : entry.links;
  return (
    <ul className="component-page__links">
      <li>
        <a href={links.documentationLink} target="_blank" rel="noopener noreferrer" data-testid="documentation-link">
          {t('COMPONENTS.DOCUMENTATION_LINK')}
        </a>
      </li>
      <li>
        <a href={links.codeLink} target="_blank" rel="noopener noreferrer" data-testid="code-link">
          {t('COMPONENTS.CODE_LINK')}
        </a>
      </li>
    </ul>
  );
}

/** Where a replayed call came from, and which masked inputs the test data stands in for. */
function ReplayNote({ replay }: { replay: Replay | undefined }) {
  const { t } = useTranslation();
  if (!replay) {
    return (
      <p className="component-page__replay" role="note" data-testid="replay-note">
        {t('COMPONENTS.REPLAY.GONE')}
      </p>
    );
  }
  return (
    <div className="component-page__replay" role="note" data-testid="replay-note">
      <p>{t('COMPONENTS.REPLAY.FROM_LOG', { name: replay.name })}</p>
      {replay.substituted.length > 0 && (
        <p>{t('COMPONENTS.REPLAY.SUBSTITUTED', { fields: replay.substituted.join(', ') })}</p>
      )}
    </div>
  );
}

/** One component's page: what it does, where it sits, a live demo against the network, its code and docs. */
export function ComponentPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const entry = componentBySlug(slug)!;
  const order = useCheckout((state) => state.order);
  const payment = useCheckout((state) => state.payment);
  const initial = useMemo(
    () =>
      defaultInput(
        entry,
        storeConfiguration(),
        order && {
          orderNumber: order.orderNumber,
          paymentId: payment?.method === 'click-to-pay' ? payment.paymentId : undefined,
        },
      ),
    [entry, order, payment],
  );
  const [search] = useSearchParams();
  const replayId = search.get('replay');
  // A call of the API log run again (its Replay link): the logged input, test data where the log masked it.
  const replay = useMemo<Replay | undefined>(() => {
    const transactions = apiLog.transactions();
    const log = findReplayed(transactions, replayId);
    if (!log || !replayId) return undefined;
    const transaction = transactions.find((candidate) => candidate.logs.includes(log))!;
    return replayInput(
      entry.slug,
      log,
      transaction,
      transaction.logs.indexOf(log),
      initial,
      maskNotesOf(log).map((note) => note.path),
    );
  }, [entry.slug, replayId, initial]);
  const code = codeSampleFor(entry);
  return (
    <Page title={t(`COMPONENTS.PAGES.${entry.key}.TITLE`)} className="component-page">
      <p className="component-page__back">
        <Link to="/components">{t('COMPONENTS.BACK')}</Link>
      </p>
      <p className="component-page__lead">{t(`COMPONENTS.PAGES.${entry.key}.TEXT`)}</p>
      <Links entry={entry} />

      <TitledSection id="flow-title" title={t('COMPONENTS.FLOW_TITLE')}>
        <FlowDiagram step={entry.step} />
      </TitledSection>

      <TitledSection id="live-title" title={t('COMPONENTS.LIVE_TITLE')}>
        <p>{t(`COMPONENTS.PAGES.${entry.key}.LIVE_TEXT`, { code: TEST_OTP })}</p>
        {replayId && <ReplayNote replay={replay} />}
        {entry.kind === 'card-input' ? (
          <CardInputDemo initial={initial} />
        ) : entry.kind === 'agent-checkout' || entry.kind === 'mandate-chain' ? (
          <Suspense fallback={<Loader />}>
            {entry.kind === 'agent-checkout' ? <AgentCheckoutDemo /> : <MandateChainDemo />}
          </Suspense>
        ) : (
          <LiveDemo key={`${entry.slug}:${replayId ?? ''}`} entry={entry} initial={replay?.input ?? initial} />
        )}
      </TitledSection>

      <TitledSection id="code-title" title={t('COMPONENTS.CODE_TITLE')}>
        <div className="component-page__code-actions">
          <CopyButton text={code} label={t('COMPONENTS.COPY_CODE')} />
        </div>
        <pre className="component-page__code" dir="ltr" tabIndex={0} data-testid="code-sample">
          <code>{code}</code>
        </pre>
      </TitledSection>
    </Page>
  );
}
