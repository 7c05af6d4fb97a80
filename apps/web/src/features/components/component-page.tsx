import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { useCheckout } from '../../lib/checkout-store';
import { storeConfiguration } from '../../lib/click-to-pay/settings';
import { useTranslation } from '../../lib/i18n';
import { componentBySlug, type ComponentEntry } from './catalogue';
import { CardInputDemo } from './card-input-demo';
import { codeSampleFor } from './code-samples';
import { CopyButton } from './copy-button';
import { defaultInput } from './demo-runs';
import { FlowDiagram } from './flow-diagram';
import { LiveDemo } from './live-demo';
import './components.css';

function Links({ entry }: { entry: ComponentEntry }) {
  const { t } = useTranslation();
  const links = storeConfiguration().documentationLinks[entry.storeKey];
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
  const code = codeSampleFor(entry);
  return (
    <Page title={t(`COMPONENTS.PAGES.${entry.key}.TITLE`)} className="component-page">
      <p className="component-page__back">
        <Link to="/components">{t('COMPONENTS.BACK')}</Link>
      </p>
      <p className="component-page__lead">{t(`COMPONENTS.PAGES.${entry.key}.TEXT`)}</p>
      <Links entry={entry} />

      <section aria-labelledby="flow-title">
        <h2 id="flow-title">{t('COMPONENTS.FLOW_TITLE')}</h2>
        <FlowDiagram step={entry.step} />
      </section>

      <section aria-labelledby="live-title">
        <h2 id="live-title">{t('COMPONENTS.LIVE_TITLE')}</h2>
        <p>{t(`COMPONENTS.PAGES.${entry.key}.LIVE_TEXT`)}</p>
        {entry.kind === 'card-input' ? (
          <CardInputDemo initial={initial} />
        ) : (
          <LiveDemo key={entry.slug} entry={entry} initial={initial} />
        )}
      </section>

      <section aria-labelledby="code-title">
        <h2 id="code-title">{t('COMPONENTS.CODE_TITLE')}</h2>
        <div className="component-page__code-actions">
          <CopyButton text={code} label={t('COMPONENTS.COPY_CODE')} />
        </div>
        <pre className="component-page__code" dir="ltr" tabIndex={0} data-testid="code-sample">
          <code>{code}</code>
        </pre>
      </section>
    </Page>
  );
}
