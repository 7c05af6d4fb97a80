import { Navigate } from 'react-router';

/**
 * A replace-navigation that holds the page's space until the target renders, so the footer does
 * not flash up under the top bar and shift back down (a layout shift on every redirect).
 */
export function Redirect({ to }: { to: string }) {
  return (
    <>
      <div className="route-fallback" />
      <Navigate to={to} replace />
    </>
  );
}
