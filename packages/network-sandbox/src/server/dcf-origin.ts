// Who may frame a network window: the page that made its SDK session, bound on the server when the
// page asked for the window, never one named in the window's URL.
import { eq } from 'drizzle-orm';
import { sandboxSdkSessions, sandboxWindows } from '../store/schema.ts';
import type { SandboxDatabase } from './db.ts';

const WINDOW_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The merchant origin of the window's session, if the window exists. */
export async function windowOrigin(db: SandboxDatabase, windowId: string): Promise<string | undefined> {
  if (!WINDOW_ID.test(windowId)) return undefined;
  const [row] = await db
    .select({ origin: sandboxSdkSessions.origin })
    .from(sandboxWindows)
    .innerJoin(sandboxSdkSessions, eq(sandboxSdkSessions.tokenHash, sandboxWindows.sessionTokenHash))
    .where(eq(sandboxWindows.id, windowId));
  return row?.origin ?? undefined;
}

/** The window page's frame-ancestors: its merchant's origin, or no one when the URL names no window. */
export async function dcfFrameAncestors(db: SandboxDatabase, query: { window?: unknown }): Promise<string> {
  const origin = typeof query.window === 'string' ? await windowOrigin(db, query.window) : undefined;
  // Only a plain origin goes into the header (rows older than the Origin check were looser).
  return origin && /^https?:\/\/[a-z0-9.:[\]-]+$/i.test(origin) ? origin : "'none'";
}
