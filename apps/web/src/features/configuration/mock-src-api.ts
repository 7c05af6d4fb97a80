import type { MockSrcFileSummary } from '@c2p/domain/api';
import { ApiError, callApi, routesOf } from '../../lib/api-client';
import type { TFunction } from '../../lib/i18n';

const routes = routesOf('mockSrcApi');
const fileUrl = (name: string) => `/api/mock-src-files/${encodeURIComponent(name)}`;

/** The mock SRC files API (writes need the admin session; the server checks it). */
export const mockSrcFilesApi = {
  list: async (): Promise<MockSrcFileSummary[]> => (await callApi(routes.list)).files,
  content: async (name: string) => (await callApi(routes.one, { path: fileUrl(name) })).content,
  upload: (name: string, content: Record<string, unknown>) => callApi(routes.upload, { body: { name, content } }),
  remove: (name: string) => callApi(routes.remove, { path: fileUrl(name) }),
};

/** Why an upload was refused: too large, the route's `errors: [{ field, message }]`, or the failure's message. */
export function uploadRefusal(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 413) return t('CONFIG_SCREEN.MOCK.TOO_LARGE');
  const errors =
    error instanceof ApiError ? (error.body.errors as { field: string; message: string }[] | undefined) : undefined;
  const detail = Array.isArray(errors) ? errors.map((e) => `${e.field}: ${e.message}`).join('; ') : '';
  return detail || String((error as Error).message);
}
