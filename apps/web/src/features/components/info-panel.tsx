import './components.css';
import { Loader } from '../../components/ui/loader';
import { SlideOver } from '../../components/ui/slide-over';
import { useAreaMessages } from '../../lib/area-messages';
import { useTranslation } from '../../lib/i18n';
import { componentBySlug } from './catalogue';
import { codeSampleFor } from './code-samples';
import { FlowDiagram } from './flow-diagram';

interface InfoPanelProps {
  slug: string;
  onClose(): void;
  fallbackFocus?(): HTMLElement | null;
}

/** A component page's explanation in a side panel over the checkout: what it does, where it sits, its code. */
export default function InfoPanel({ slug, onClose, fallbackFocus }: InfoPanelProps) {
  const { t } = useTranslation();
  const ready = useAreaMessages('components');
  const entry = componentBySlug(slug)!;
  const title = t('INFO_WIDGET.OPEN', { name: t(`INFO_WIDGET.NAMES.${slug}`) });
  return (
    <SlideOver title={title} onClose={onClose} fallbackFocus={fallbackFocus} wide className="info-panel">
      {!ready ? (
        <Loader />
      ) : (
        <div className="component-page info-panel__body" data-testid="info-panel">
          <p className="component-page__lead">{t(`COMPONENTS.PAGES.${entry.key}.TEXT`)}</p>
          <h3>{t('COMPONENTS.FLOW_TITLE')}</h3>
          <FlowDiagram step={entry.step} inPanel />
          <h3>{t('COMPONENTS.CODE_TITLE')}</h3>
          <pre className="component-page__code" dir="ltr" tabIndex={0}>
            <code>{codeSampleFor(entry)}</code>
          </pre>
          <p>
            <a href={`/components/${slug}`} target="_blank" rel="noopener">
              {t('COMPONENTS.INFO.FULL_PAGE')}
            </a>
          </p>
        </div>
      )}
    </SlideOver>
  );
}
