// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../account/test-utils';
import { ApiLogButton } from './api-log-button';
import ApiLogPanel from './api-log-panel';
import { apiLog } from './log-store';

beforeAll(initTestI18n);
beforeEach(() => apiLog.clear());
afterEach(() => {
  cleanup();
  apiLog.clear();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Two checkout sessions: the older in the offline sandbox, the newer in production. */
function seed() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00.000Z'));
  const older = apiLog.start('offline-sandbox');
  apiLog.append(older, { name: 'init', request: { srcDpaId: 'dpa-1' }, response: null });
  apiLog.append(older, { name: 'getCards', request: {}, response: [{ panLastFour: '4242' }] });
  vi.setSystemTime(new Date('2026-11-22T11:00:00.000Z'));
  const newer = apiLog.start('production');
  apiLog.append(newer, { name: 'init', request: { srcDpaId: 'dpa-2' }, response: null });
  apiLog.append(newer, { name: 'checkout', request: { x: 1 }, response: { error: 'UNKNOWN' }, failed: true });
  apiLog.append(newer, { name: 'getPayload', request: { id: '<b>bold</b>' }, response: { ok: true } });
  vi.useRealTimers();
}

function renderPanel(onClose = () => {}) {
  return render(
    <MemoryRouter>
      <ApiLogPanel onClose={onClose} />
    </MemoryRouter>,
  );
}

const names = (item: HTMLElement) =>
  within(item)
    .getAllByTestId('api-log-entry')
    .map((entry) => entry.querySelector('.api-log__name')?.textContent);

describe('API log panel', () => {
  it('is a modal dialog labelled by its heading, with download, clear all, configuration and close', () => {
    renderPanel();
    const dialog = screen.getByRole('dialog', { name: 'API log' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Clear all' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Configuration' }).getAttribute('href')).toBe('/srci/config');
    // Focus moves into the panel.
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('an empty log has Download, Export and Clear all disabled, with a hint saying why', () => {
    renderPanel();
    for (const name of ['Download', 'Export JSON', 'Clear all']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
        'Nothing to download or clear yet',
      );
    }
  });

  it('names who made each call, its status, HTTP status and duration, and filters by source and failure', () => {
    const id = apiLog.start('offline-sandbox');
    apiLog.append(id, { name: 'idLookup', request: {}, response: { consumerPresent: true }, durationMs: 42 });
    apiLog.append(id, {
      name: 'getPayload',
      request: {},
      response: { message: 'refused' },
      failed: true,
      source: 'server',
      httpStatus: 502,
      durationMs: 310,
    });
    apiLog.append(id, { name: 'getCards', request: {}, response: [], source: 'mock' });
    renderPanel();
    const entries = screen.getAllByTestId('api-log-entry');
    expect(entries[0]!.textContent).toContain('Browser SDK');
    expect(entries[0]!.textContent).toContain('resolved');
    expect(entries[0]!.textContent).toContain('42 ms');
    expect(entries[1]!.textContent).toContain('Merchant server → network');
    expect(entries[1]!.textContent).toContain('HTTP 502');
    expect(entries[1]!.textContent).toContain('310 ms');
    expect(entries[2]!.textContent).toContain('Mock SRC');

    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'server' } });
    expect(screen.getAllByTestId('api-log-entry').map((e) => e.querySelector('.api-log__name')?.textContent)).toEqual([
      'getPayload',
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Failed calls only' }));
    expect(screen.getAllByTestId('api-log-entry')).toHaveLength(1);
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'mock' } });
    expect(screen.getByText('No call matches this filter.')).toBeTruthy();
  });

  it('shows the empty state when nothing was logged', () => {
    renderPanel();
    expect(screen.getByRole('status').textContent).toContain(
      'No calls yet. Start a Click to Pay checkout to see its calls here.',
    );
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists the transactions newest first, each with time, environment and its logs in order', () => {
    seed();
    renderPanel();
    const list = screen.getByRole('list', { name: 'Checkout sessions, newest first' });
    const transactions = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(transactions).toHaveLength(2);

    const [newer, older] = transactions as [HTMLElement, HTMLElement];
    expect(within(newer).getByTestId('api-log-env').textContent).toBe('Production');
    expect(within(older).getByTestId('api-log-env').textContent).toBe('Network sandbox (offline)');
    expect(names(newer)).toEqual(['init', 'checkout', 'getPayload']);
    expect(names(older)).toEqual(['init', 'getCards']);
    expect(newer.textContent).toContain('3 calls');

    const time = within(newer).getByRole('heading', { level: 3 }).querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2026-11-22T11:00:00.000Z');
    const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date('2026-11-22T11:00:00.000Z'),
    );
    expect(time.textContent).toBe(expected);
  });

  it('shows request and response as left-to-right JSON text, and marks a failed call with a badge', () => {
    seed();
    renderPanel();
    const entries = screen.getAllByTestId('api-log-entry');
    const getPayload = entries.find((entry) => entry.textContent?.includes('getPayload'))!;
    const [request, response] = [...getPayload.querySelectorAll('pre')];
    expect(request!.getAttribute('dir')).toBe('ltr');
    expect(response!.getAttribute('dir')).toBe('ltr');
    expect(request!.textContent).toBe(JSON.stringify({ id: '<b>bold</b>' }, null, 2));
    // Markup in a logged value is text, not elements.
    expect(getPayload.querySelector('b')).toBeNull();
    expect(within(getPayload).queryByText(/^rejected/)).toBeNull();

    const checkout = entries.find((entry) => entry.textContent?.includes('checkout'))!;
    expect(within(checkout).getByText('rejected: UNKNOWN')).toBeTruthy();
  });

  it('each call says what it is for; server calls link to the API documentation; replayable calls to their page', () => {
    const id = apiLog.start('sandbox');
    apiLog.append(id, { name: 'idLookup', request: { email: 'a@example.com' }, response: { consumerPresent: true } });
    apiLog.append(id, {
      name: 'getPayload',
      source: 'server',
      request: { method: 'POST', path: '/api/getPayload', body: {} },
      response: {},
      httpStatus: 200,
    });
    renderPanel();
    const [lookup, payload] = screen.getAllByTestId('api-log-entry');
    expect(within(lookup!).getByTestId('api-log-purpose').textContent).toBe(
      'Asks the network whether this email belongs to a Click to Pay consumer.',
    );
    expect(
      within(lookup!).getByRole('link', { name: 'Replay idLookup on its component page' }).getAttribute('href'),
    ).toBe(`/components/email-lookup?replay=${id}.0`);
    expect(within(lookup!).queryByRole('link', { name: /API reference/ })).toBeNull();
    expect(within(payload!).getByRole('link', { name: 'getPayload in the API reference' }).getAttribute('href')).toBe(
      '/api/reference#/Click%20to%20Pay/postApiGetPayload',
    );
    expect(within(payload!).getByTestId('api-log-code').textContent).toMatch(/^# getPayload[\s\S]*curl -X POST/);

    fireEvent.click(screen.getByRole('button', { name: 'Timeline' }));
    expect(screen.getByRole('button', { name: 'Timeline' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('api-log-timeline').textContent).toContain('first call');
  });

  it('follows calls logged while it is open', () => {
    seed();
    renderPanel();
    act(() => apiLog.append(undefined, { name: 'confirmation', request: {}, response: {} }));
    const [newer] = screen.getAllByRole('listitem').filter((item) => item.classList.contains('api-log__transaction'));
    expect(names(newer!)).toEqual(['init', 'checkout', 'getPayload', 'confirmation']);
  });

  it('Clear all empties the list and the stored log', () => {
    seed();
    expect(JSON.parse(localStorage.getItem('api-logs')!)).toHaveLength(2);
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryAllByTestId('api-log-entry')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toContain('API log cleared.');
    expect(JSON.parse(localStorage.getItem('api-logs')!)).toEqual([]);
  });

  it('Download saves an html file named with the time', () => {
    seed();
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:api-log');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledTimes(1);
    const downloaded = click.mock.contexts[0] as HTMLAnchorElement;
    expect(downloaded.download).toMatch(/^api-log-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.html$/);
    expect(createObjectURL.mock.calls[0]![0].type).toBe('text/html');
    expect(downloaded.isConnected).toBe(false);
    click.mockRestore();
  });
});

describe('API log button', () => {
  it('shows the number of calls and opens the panel lazily; Escape closes it and focus returns', async () => {
    seed();
    render(
      <MemoryRouter>
        <ApiLogButton />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'API log, 5 calls' });
    expect(screen.getByTestId('api-log-count').textContent).toBe('5');
    expect(screen.queryByRole('dialog')).toBeNull();

    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'API log' });
    // The panel's content is a lazy chunk: focus lands in it once it has rendered.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('says when there are no calls', () => {
    render(
      <MemoryRouter>
        <ApiLogButton />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'API log, no calls' })).toBeTruthy();
  });

  it('closes from the backdrop', async () => {
    render(
      <MemoryRouter>
        <ApiLogButton />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /API log/ }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByTestId('slide-over-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
