import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Spec section 2, navigation rules: every navigation starts at the top of the page. (The full page
 * loads and the unsaved configuration's question are the history's: app/ruled-history.ts.)
 */
export function useNavigationRules(): void {
  const location = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
}
