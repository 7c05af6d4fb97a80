import type { ReactNode } from 'react';

// A JSON text's tokens: strings (a key when a colon follows), numbers, true/false/null, punctuation.
const TOKEN = /("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

/** Indented JSON as text nodes in coloured spans (never markup from the value itself). */
export function highlightJson(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) parts.push(text.slice(last, index));
    const [whole, string, colon, number, literal] = match;
    if (string !== undefined) {
      parts.push(
        <span key={key++} className={colon ? 'json-key' : 'json-string'}>
          {string}
        </span>,
      );
      if (colon) parts.push(colon);
    } else if (number !== undefined) {
      parts.push(
        <span key={key++} className="json-number">
          {number}
        </span>,
      );
    } else if (literal !== undefined) {
      parts.push(
        <span key={key++} className="json-literal">
          {literal}
        </span>,
      );
    } else {
      parts.push(whole);
    }
    last = index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
