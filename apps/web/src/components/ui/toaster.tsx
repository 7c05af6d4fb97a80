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

export default function Toaster() {
  return (
    <>
      <SonnerToaster position="top-right" duration={TOAST_DURATION_MS} dir={currentLocale().dir} closeButton />
      <Mounted />
    </>
  );
}
