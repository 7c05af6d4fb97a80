import { useEffect, useRef } from 'react';

/**
 * Where focus goes when a Click to Pay step appears: into the code fields on the code step (the
 * network's element focuses its first empty digit, so typing goes straight in), else the step.
 */
export function focusStep(container: HTMLElement | null): void {
  if (!container) return;
  const otp = container.querySelector<HTMLElement>('src-otp-input');
  (otp ?? container).focus();
}

/** A keyboard or screen reader user lands on each new step, not back at the top of the page. */
export function useStepFocus(stepName: string) {
  const stepRef = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (stepName === 'loading' || stepName === 'paying') return;
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    focusStep(stepRef.current);
  }, [stepName]);
  return stepRef;
}
