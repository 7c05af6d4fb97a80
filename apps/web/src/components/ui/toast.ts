/**
 * Toasts load their library on the first toast, so a shopper's first page does not pay for it.
 * The host in the app layout mounts the toaster when asked; a toast waits until it is listening.
 */
let requestMount: (() => void) | undefined;
let markMounted!: () => void;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));

export function registerToasterHost(request: () => void): void {
  requestMount = request;
}

export function toasterMounted(): void {
  markMounted();
}

export async function notify(kind: 'success' | 'error' | 'info', message: string): Promise<void> {
  requestMount?.();
  const [{ toast }] = await Promise.all([import('sonner'), mounted]);
  toast[kind](message);
}
