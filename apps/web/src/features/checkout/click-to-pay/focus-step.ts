/**
 * Where focus goes when a Click to Pay step appears: into the code fields on the code step (the
 * network's element focuses its first empty digit, so typing goes straight in), else the step.
 */
export function focusStep(container: HTMLElement | null): void {
  if (!container) return;
  const otp = container.querySelector<HTMLElement>('src-otp-input');
  (otp ?? container).focus();
}
