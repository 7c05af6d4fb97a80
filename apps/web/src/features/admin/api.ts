import type { AdminAuth } from '@c2p/domain';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => ({}))) as {
    data?: T;
    message?: string;
    errors?: Record<string, string[]>;
  };
  if (!response.ok) throw new ApiError(response.status, payload.message ?? response.statusText, payload.errors);
  return payload.data as T;
}

export const adminApi = {
  session: () => send<AdminAuth>('GET', '/api/admin/session'),
  login: (email: string, password: string) => send<AdminAuth>('POST', '/api/admin/login', { email, password }),
  logout: () => send<AdminAuth>('POST', '/api/admin/logout'),
};
