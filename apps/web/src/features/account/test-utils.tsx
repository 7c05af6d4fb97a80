import { render } from '@testing-library/react';
import { initI18nWith } from '../../lib/i18n';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import en from '@c2p/domain/locales/en-US';

/** The signed-in shopper of the account tests, as the server answers it. */
export const TEST_SHOPPER = {
  id: 'b7f5c9a0-7d0e-4f57-9a0b-000000000007',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+1-2025550143',
  phoneCountryCode: '+1',
};

export async function initTestI18n(): Promise<void> {
  initI18nWith('en-US', en);
}

/** A fetch stand-in: answers each call with the next of the given responses. */
export function mockFetch(...answers: Array<{ status: number; body?: unknown }>) {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => {
    const answer = answers.shift() ?? { status: 500 };
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      statusText: '',
      json: async () => answer.body ?? {},
    };
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The JSON body of a mocked fetch call. */
export function sentBody(fetch: ReturnType<typeof mockFetch>, call = 0): unknown {
  const init = fetch.mock.calls[call]?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderWithRouter(ui: ReactElement, path = '/products') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}
