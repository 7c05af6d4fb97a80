import type { AdminAuth } from '@c2p/domain';
import { api } from '../../lib/api-client';

const data = async <T>(request: Promise<{ data: T }>) => (await request).data;

export const adminApi = {
  session: () => data(api<{ data: AdminAuth }>('/api/admin/session')),
  login: (email: string, password: string) =>
    data(api<{ data: AdminAuth }>('/api/admin/login', { method: 'POST', body: { email, password } })),
  logout: () => data(api<{ data: AdminAuth }>('/api/admin/logout', { method: 'POST' })),
};
