import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { clickToPaySession } from '../../lib/click-to-pay/client';
import { sdkErrorMessage } from '../../lib/click-to-pay/errors';
import { MockWindow } from './mock-window';

/** The order the tours pay: the spec's default amount, 100 USD. */
export const TOUR_AMOUNT_CENTS = 10_000;
export const TOUR_AMOUNT = { transactionAmount: TOUR_AMOUNT_CENTS / 100, transactionCurrencyCode: 'USD' };

/**
 * A tour page's calls to the mock SRC: busy while one runs, its failure shown as the message; a
 * checkout opens the network's window (written into by the mock) for the time of the call.
 */
export function useTourSdk() {
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [windowOpen, setWindowOpen] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  /** Calls `method`; `then` takes the answer. `inWindow`: the call gets the network's window as windowRef. */
  const call = async <T,>(
    method: string,
    params: Record<string, unknown>,
    then: (answer: T | undefined) => void,
    inWindow = false,
  ) => {
    // The window is on the page before the SDK is asked to write into it.
    if (inWindow) flushSync(() => setWindowOpen(true));
    setBusy(true);
    setMessage(undefined);
    try {
      const client = await clickToPaySession().ready;
      then(await client.call<T>(method, inWindow ? { ...params, windowRef: frame.current?.contentWindow } : params));
    } catch (error) {
      setMessage(sdkErrorMessage(method, error));
    } finally {
      setWindowOpen(false);
      setBusy(false);
    }
  };

  const flow = { busy, message, networkWindow: windowOpen ? <MockWindow ref={frame} /> : null };
  return { busy, call, flow };
}

/** A tour page's steps, with the last call's failure above them and the network's window while it shows. */
export function TourFlow({
  busy,
  message,
  networkWindow,
  children,
}: ReturnType<typeof useTourSdk>['flow'] & { children: ReactNode }) {
  return (
    <div className="tour-flow" aria-busy={busy}>
      {message && (
        <p className="form__error" role="alert">
          {message}
        </p>
      )}
      {children}
      {networkWindow}
    </div>
  );
}

/** One step of a tour page, titled. */
export function TourStepSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="tour-flow__step">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The step's outcome once done: what the network answered. */
export function TourDone({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="tour-flow__done">
      {children}
    </p>
  );
}
