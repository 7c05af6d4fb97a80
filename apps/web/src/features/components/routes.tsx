import { Page as Main } from '../../components/layout/page';
import { Loader } from '../../components/ui/loader';
import { useAreaMessages } from '../../lib/area-messages';
import { useTranslation } from '../../lib/i18n';
import { ComponentPage as Page } from './component-page';
import { ComponentsIndex as Index } from './components-index';

export { componentBySlug } from './catalogue';

function Loading() {
  const { t } = useTranslation();
  return (
    <Main title={t('HOME.COMPONENTS.TITLE')}>
      <Loader />
    </Main>
  );
}

// The pages' messages load with them (they are not in the shopper pages' catalogue).
export function ComponentsIndex() {
  return useAreaMessages('components') ? <Index /> : <Loading />;
}

export function ComponentPage() {
  return useAreaMessages('components') ? <Page /> : <Loading />;
}
