import { Loader } from '../../components/ui/loader';
import { useAreaMessages } from '../../lib/area-messages';
import { ComponentPage as Page } from './component-page';
import { ComponentsIndex as Index } from './components-index';

export { componentBySlug } from './catalogue';

// The pages' messages load with them (they are not in the shopper pages' catalogue).
export function ComponentsIndex() {
  return useAreaMessages('components') ? <Index /> : <Loader />;
}

export function ComponentPage() {
  return useAreaMessages('components') ? <Page /> : <Loader />;
}
