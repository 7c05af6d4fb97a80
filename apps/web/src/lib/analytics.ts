/**
 * The third-party analytics tag of spec section 7. The server names it (ANALYTICS_SCRIPT_URL) in a
 * meta element; it loads only once the visitor has accepted the cookie notice, and never when the
 * setting is unset, the default offline (docs/decisions/013).
 */
const ANALYTICS_META = 'meta[name="analytics-script-url"]';

let requested = false;

export function loadAnalyticsTag(): void {
  if (requested) return;
  const url = document.querySelector<HTMLMetaElement>(ANALYTICS_META)?.content;
  if (!url) return;
  requested = true;
  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  document.head.append(script);
}
