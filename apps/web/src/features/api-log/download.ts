import type { ApiLogTransaction } from './log-store';
import { maskLogEntry, type MaskNote } from '../../lib/masking';
import { maskNotesOf } from './mask-notes';

/** The words of the downloaded page, already translated into the UI language. */
export interface ApiLogHtmlLabels {
  /** Shown when there is nothing logged. */
  empty: string;
  environment: string;
  started: string;
  logTime: string;
  request: string;
  response: string;
  /** The badge of a failed call. */
  error: string;
  /** e.g. 'Downloaded 22 Nov 2026, 10:15:00'; left out when absent. */
  downloaded?: string;
  /** The heading of a call's list of masked values. */
  masked: string;
}

export interface ApiLogHtmlOptions {
  lang: string;
  dir: 'ltr' | 'rtl';
  title: string;
  labels: ApiLogHtmlLabels;
  /** Turns an ISO time into the text shown; defaults to a medium date and time in `lang`. */
  formatTime?(iso: string): string;
  /** Turns an environment value ('sandbox'…) into the text shown; defaults to the value itself. */
  envLabel?(env: string): string;
  /** What a masked value was and what is still known of it, in the page's language. */
  describeMask(note: MaskNote): string;
  /** A call's source, status, HTTP status, duration and purpose in one line, in the page's language. */
  describeEntry?(log: ApiLogTransaction['logs'][number]): string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A logged request or response as the panel and the file show it: indented JSON. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return 'null';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A formatter for an ISO time in a locale; a value that is not a date is shown as it is. */
export function timeFormatter(lang: string): (iso: string) => string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium' });
  } catch {
    format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  }
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? String(iso) : format.format(date);
  };
}

// Inline only: the file opens on its own, offline, with no scripts. Logical properties keep it right for rtl.
const STYLE = `
  body { margin: 0; padding-block: 24px; padding-inline: 24px; background: #fff; color: #1b1b1b;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans Arabic', sans-serif; line-height: 1.5; }
  h1 { margin-block: 0 4px; font-size: 1.5rem; }
  .meta { margin-block: 0 16px; color: #555; }
  .transaction { margin-block-end: 24px; padding-block: 12px; padding-inline: 16px; border: 1px solid #d9d6d1; border-radius: 8px; }
  .transaction h2 { margin-block: 0 4px; font-size: 1.125rem; }
  ol { margin: 0; padding-inline-start: 24px; }
  .log { margin-block: 12px; }
  .log h3 { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 0; font-size: 1rem; }
  .name { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  .badge { padding-block: 0; padding-inline: 8px; border-radius: 10px; background: #b3261e; color: #fff; font-size: 0.8125rem; }
  .time { color: #555; font-weight: 400; font-size: 0.875rem; }
  .masked { margin: 0; padding-inline-start: 20px; font-size: 0.875rem; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  h4 { margin-block: 8px 4px; font-size: 0.875rem; }
  pre { margin: 0; padding-block: 8px; padding-inline: 12px; background: #f6f5f3; color: #1b1b1b; border-radius: 4px;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.8125rem;
    white-space: pre-wrap; overflow-wrap: anywhere; text-align: start; }
`;

/**
 * The API log as a self-contained HTML document (spec section 2: download as an html file). Every
 * logged value is escaped, so whatever a call returned shows as text and cannot run.
 */
export function apiLogHtml(transactions: readonly ApiLogTransaction[], options: ApiLogHtmlOptions): string {
  const { lang, dir, title, labels } = options;
  const formatTime = options.formatTime ?? timeFormatter(lang);
  const envLabel = options.envLabel ?? ((env: string) => env);
  const e = escapeHtml;
  const time = (iso: string) => `<time datetime="${e(iso)}">${e(formatTime(iso))}</time>`;

  const masksHtml = (notes: MaskNote[]) =>
    notes.length === 0
      ? ''
      : `
        <h4>${e(labels.masked)}</h4>
        <ul class="masked">${notes
          .map((note) => `<li><code dir="ltr">${e(note.path)}</code> ${e(options.describeMask(note))}</li>`)
          .join('')}</ul>`;

  const logHtml = (stored: ApiLogTransaction['logs'][number]) => {
    // The store masks what it keeps; masked again here, so no caller can download more.
    const { request, response, masked } = maskLogEntry(stored);
    const log = { ...stored, request, response };
    return `
      <li class="log">
        <h3><span class="name" dir="ltr">${e(log.name)}</span>${
          log.failed ? ` <span class="badge">${e(labels.error)}</span>` : ''
        } <span class="time">${e(labels.logTime)}: ${time(log.logTime)}</span></h3>${
          options.describeEntry ? `\n        <p class="meta">${e(options.describeEntry(stored))}</p>` : ''
        }
        <h4>${e(labels.request)}</h4>
        <pre dir="ltr">${e(prettyJson(log.request))}</pre>
        <h4>${e(labels.response)}</h4>
        <pre dir="ltr">${e(prettyJson(log.response))}</pre>${masksHtml([...maskNotesOf(stored), ...masked])}
      </li>`;
  };

  const transactionHtml = (transaction: ApiLogTransaction) => `
    <section class="transaction">
      <h2>${e(labels.started)}: ${time(transaction.time)}</h2>
      <p class="meta">${e(labels.environment)}: ${e(envLabel(transaction.env))}</p>
      <ol>${transaction.logs.map(logHtml).join('')}
      </ol>
    </section>`;

  const body =
    transactions.length === 0 ? `<p>${e(labels.empty)}</p>` : [...transactions].reverse().map(transactionHtml).join('');

  return `<!doctype html>
<html lang="${e(lang)}" dir="${e(dir)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${e(title)}</h1>
${labels.downloaded ? `<p class="meta">${e(labels.downloaded)}</p>` : ''}${body}
</main>
</body>
</html>
`;
}

/** The file name for a download at `now`, e.g. `api-log-2026-11-22T10-15-00.html` (UTC). */
export function apiLogFileName(now = new Date()): string {
  return `api-log-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.html`;
}

/** Saves the API log as an html file through a temporary `<a download>`. */
export function downloadApiLog(
  transactions: readonly ApiLogTransaction[],
  options: ApiLogHtmlOptions,
  now = new Date(),
): void {
  const blob = new Blob([apiLogHtml(transactions, options)], { type: 'text/html' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = apiLogFileName(now);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
