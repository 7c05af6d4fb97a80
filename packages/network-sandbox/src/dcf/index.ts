// The network's window page: the DCF (a checkout), the code screen (authenticate) and the hosted
// form, in the merchant's popup or iframe. It acts only once its opener has handed it its grant
// (window-api.ts), and answers that page alone, by postMessage.
import { authenticateMode } from './authenticate-window.ts';
import { checkoutMode } from './checkout-window.ts';
import { el } from './dom.ts';
import { hostedMode } from './hosted.ts';
import { header, params, root, setLocale } from './page.ts';
import { openThisWindow } from './window-api.ts';

/** Opens the window with its opener's grant, then shows what its kind needs. */
async function start(): Promise<void> {
  const t = setLocale(params.get('locale'));
  const api = await openThisWindow(params.get('window'));
  if (!api) {
    root.replaceChildren(header(t), el('p', { className: 'error', role: 'alert', textContent: t.notOpened }));
    return;
  }
  if (api.view.kind === 'CODE') await authenticateMode(api);
  else if (api.view.kind === 'HOSTED') await hostedMode(api);
  else await checkoutMode(api);
}

void start();
