// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiLogFileName, apiLogHtml, downloadApiLog, escapeHtml, type ApiLogHtmlOptions } from './download';
import type { ApiLogTransaction } from './log-store';
import { HTML_LABELS } from './test-fixtures';

const EVIL = '<script>alert(1)</script>';
const QUOTED = 'say "hi" & \'bye\'';

const transactions: ApiLogTransaction[] = [
  {
    id: 't1',
    time: '2026-11-22T10:00:00.000Z',
    env: 'sandbox',
    logs: [{ name: 'init', request: { srcDpaId: 'dpa' }, response: null, logTime: '2026-11-22T10:00:01.000Z' }],
  },
  {
    id: 't2',
    time: '2026-11-22T11:00:00.000Z',
    env: `${EVIL}"env"`,
    logs: [
      {
        name: `${EVIL}"name"`,
        request: { note: EVIL, quote: QUOTED },
        response: { error: `</pre>${EVIL}` },
        logTime: `${EVIL}"time"`,
        failed: true,
      },
      { name: 'getPayload', request: {}, response: { ok: true }, logTime: '2026-11-22T11:00:02.000Z' },
    ],
  },
];

const options: ApiLogHtmlOptions = {
  lang: 'en-US',
  dir: 'ltr',
  title: 'API log',
  labels: HTML_LABELS,
  describeMask: (note) => `${note.path} masked`,
};

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('apiLogHtml', () => {
  const html = apiLogHtml(transactions, options);

  it('is a self-contained document: charset, lang and dir, inline style, no scripts or outside resources', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<html lang="en-US" dir="ltr">');
    expect(html).toContain('<style>');
    expect(html.toLowerCase()).not.toContain('<script');
    expect(html).not.toMatch(/\s(src|href)=/i);
    expect(html).not.toMatch(/@import|url\(/i);
  });

  it('escapes markup and quotes in names, environments, times and JSON', () => {
    expect(html).not.toContain(EVIL);
    for (const field of ['name', 'env', 'time']) {
      expect(html).not.toContain(`</script>"${field}"`);
      expect(html).toContain(`&lt;script&gt;alert(1)&lt;/script&gt;&quot;${field}&quot;`);
    }
    // JSON: its own quotes and the value's escaped quotes.
    expect(html).toContain('&quot;note&quot;: &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    expect(html).toContain('say \\&quot;hi\\&quot; &amp; &#39;bye&#39;');
    expect(html).toContain('&lt;/pre&gt;');
  });

  it('parses back to the same text, with every JSON block left to right', () => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('script')).toBeNull();
    const blocks = [...doc.querySelectorAll('pre')];
    expect(blocks).toHaveLength(6);
    for (const block of blocks) expect(block.getAttribute('dir')).toBe('ltr');
    expect(blocks.map((b) => b.textContent)).toContain(JSON.stringify({ note: EVIL, quote: QUOTED }, null, 2));
    expect(doc.body.textContent).toContain(`${EVIL}"name"`);
    expect(doc.body.textContent).toContain('Environment: <script>alert(1)</script>"env"');
  });

  it('lists the newest transaction first with its logs in order, and marks failed calls', () => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const sections = [...doc.querySelectorAll('section')];
    expect(sections).toHaveLength(2);
    expect(sections[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-22T11:00:00.000Z');
    expect([...sections[0]!.querySelectorAll('.name')].map((n) => n.textContent)).toEqual([
      `${EVIL}"name"`,
      'getPayload',
    ]);
    expect(sections[0]!.querySelectorAll('.badge')).toHaveLength(1);
    expect(sections[1]!.textContent).toContain('Environment: sandbox');
  });

  it('uses the given formatters and the page direction', () => {
    const rtl = apiLogHtml(transactions, {
      ...options,
      lang: 'ar-EG',
      dir: 'rtl',
      formatTime: (iso) => `T(${iso})`,
      envLabel: (env) => (env === 'sandbox' ? 'بيئة اختبار الشبكة' : env),
    });
    expect(rtl).toContain('<html lang="ar-EG" dir="rtl">');
    expect(rtl).toContain('T(2026-11-22T10:00:00.000Z)');
    expect(rtl).toContain('بيئة اختبار الشبكة');
    expect(rtl).toContain('<pre dir="ltr">');
  });

  it('shows the empty text when nothing was logged', () => {
    expect(apiLogHtml([], options)).toContain('<p>No calls yet.</p>');
  });
});

describe('downloadApiLog', () => {
  it('names the file with the time and hands an html blob to a temporary link', async () => {
    expect(apiLogFileName(new Date('2026-11-22T10:15:00.123Z'))).toBe('api-log-2026-11-22T10-15-00.html');

    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((value: Blob) => {
      blob = value;
      return 'blob:api-log';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    downloadApiLog(transactions, options, new Date('2026-11-22T10:15:00.000Z'));
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('api-log-2026-11-22T10-15-00.html');
    expect(link.href).toBe('blob:api-log');
    expect(link.isConnected).toBe(false);
    expect(blob!.type).toBe('text/html');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob!);
    });
    expect(text).toBe(apiLogHtml(transactions, options));
    expect(text).not.toContain('<script');
  });
});
