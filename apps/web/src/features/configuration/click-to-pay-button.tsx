import { useEffect, useRef } from 'react';
import { callLog } from '../../lib/click-to-pay/call-log';
import { activeTool } from '../../lib/active-tool';
import { activeUseCase } from '../../lib/click-to-pay/settings';
import { liveScreenSettings } from './live-settings';

/** Spec section 4: the button-powered flag holds when the use case is Click to Pay (3) and the tool is live. */
export function isButtonPowered(): boolean {
  return activeUseCase() === 'USE_CASE_3' && activeTool() === 'live-tool';
}

/**
 * The network's Click to Pay button (the UI kit's `src-button`, spec section 7 "render button"),
 * light or dark as the customizations say, with the enabled brands' marks. Its render is logged
 * in the checkout's API log transaction like the SDK calls; pressing it starts the flow.
 */
export function ClickToPayButton({
  brands,
  locale,
  transactionId,
  onPress,
}: {
  brands: string;
  locale: string;
  transactionId: string;
  onPress(): void;
}) {
  const element = useRef<HTMLElement>(null);
  const { buttonTheme } = liveScreenSettings().customizations;
  const pressed = useRef(onPress);
  pressed.current = onPress;

  useEffect(() => {
    const button = element.current;
    if (!button) return;
    const rendered = customElements.get('src-button') !== undefined;
    callLog.append(transactionId, {
      name: 'renderButton',
      request: { cardBrands: brands.split(','), theme: buttonTheme, locale },
      response: rendered ? { rendered: true } : { error: 'src-button is not defined by the UI kit' },
      failed: !rendered,
      source: 'sdk',
    });
    const click = () => pressed.current();
    button.addEventListener('click', click);
    return () => button.removeEventListener('click', click);
  }, [brands, buttonTheme, locale, transactionId]);

  return (
    <div className="c2p__button">
      <src-button ref={element} card-brands={brands} locale={locale} theme={buttonTheme} />
    </div>
  );
}
