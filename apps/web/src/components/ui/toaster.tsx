import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS } from '@c2p/domain';
import { currentLocale } from '../../lib/i18n';
import { toasterMounted } from './toast';

function Mounted() {
  // Runs after the toaster's own effects, so it is subscribed before the first toast is sent.
  useEffect(toasterMounted, []);
  return null;
}

// Below the top bar and the store nav (118 px): a toast there would cover Sign in, the API log
// and the cart for its 10 s, and longer while the pointer rests on it.
const BELOW_THE_NAV = { top: 128 };

export default function Toaster() {
  return (
    <>
      <SonnerToaster
        position="top-right"
        offset={BELOW_THE_NAV}
        mobileOffset={BELOW_THE_NAV}
        duration={TOAST_DURATION_MS}
        dir={currentLocale().dir}
        closeButton
      />
      <Mounted />
    </>
  );
}
