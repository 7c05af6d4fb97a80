// The network's window page: the DCF (a checkout), the code screen (authenticate), the hosted
// form and the agentic windows (enrolling an agent, approving its mandate, managing one's agents),
// in the merchant's popup or iframe. It acts only once its opener has handed it its grant
// (window-api.ts), and answers that page alone, by postMessage.
import { enrolMode } from './agentic/enrol-window.ts';
import { manageMode } from './agentic/manage-window.ts';
import { mandateMode } from './agentic/mandate-window.ts';
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
  const modes = {
    CODE: authenticateMode,
    HOSTED: hostedMode,
    AGENT_ENROL: enrolMode,
    MANDATE: mandateMode,
    AGENT_MANAGE: manageMode,
  };
  await (modes[api.view.kind as keyof typeof modes] ?? checkoutMode)(api);
}

void start();
