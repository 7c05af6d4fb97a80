/** Data that did not load: what failed, and a button that asks again. */
export function LoadFailure({
  message,
  retryLabel,
  onRetry,
  className,
  buttonClassName,
}: {
  message: string;
  retryLabel: string;
  onRetry(): void;
  className: string;
  buttonClassName: string;
}) {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <button type="button" className={`button ${buttonClassName}`} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
