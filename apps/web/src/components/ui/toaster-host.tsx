import { lazy, Suspense, useEffect, useState } from 'react';
import { registerToasterHost, showPendingToast } from './toast';

const Toaster = lazy(() => import('./toaster'));

export function ToasterHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    registerToasterHost(() => setWanted(true));
    showPendingToast();
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
