import { useEffect } from 'react';
import { activateTool } from '../../lib/active-tool';
import { AreaPage } from '../../components/layout/area-page';

export function CardOnFilePage() {
  useEffect(() => activateTool('live-tool-cof'), []);
  return <AreaPage titleKey="PAGES.CARD_ON_FILE" />;
}

export const SavedCardsPage = () => <AreaPage titleKey="PAGES.SAVED_CARDS" />;
