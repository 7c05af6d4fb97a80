// The network's windows (the DCF, the code screen, the hosted form) act only for the page that
// opened them. The page asks for a window (POST /windows) and gets a grant, which it hands to the
// window by postMessage, never in a URL. The window trades the grant, once and within minutes, for
// a token of its own, and only when the browser says its opener is the page that made the session
// (the message's origin). Every call of the window then carries that token: the merchant's page
// never holds it, so it cannot answer a checkout in the shopper's place.
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sandboxWindows } from '../../store/schema.ts';
import { SdkError } from '../errors.ts';
import { storableJson, transactionOptionsProblem } from '../input.ts';
import { sha256 } from '../keys.ts';
import type { WindowRow } from '../caller-guards.ts';
import { exactOrigin } from '../origins.ts';
import { MERCHANT_PAGE, SANDBOX_PAGE } from '../route-callers.ts';
import { asObject, isObject, nonEmptyString, type Json } from '../util.ts';
import {
  AGENT_WINDOW_KINDS,
  agentWindowRequest,
  agentWindowView,
  type AgentWindowKind,
} from '../agent-pay/agent-windows.ts';
import { invalidParameter, type SdkContext } from './context.ts';
import { dcfView } from './checkout-view.ts';
import { passkeyAvailability, transactionAuthenticationView } from './passkey-views.ts';
import { findCheckout, findConsumer, findSession, type CheckoutRow, type SessionRow } from './repository.ts';

export { WINDOW_HEADER, type WindowRow } from '../caller-guards.ts';

/** The grant is good once, for the time a window takes to load. */
const GRANT_TTL_MS = 2 * 60 * 1000;
/** An opened window acts for half an hour at most. */
const WINDOW_TTL_MS = 30 * 60 * 1000;
/** Windows one SDK session may ask for (as many as it may open checkouts, and a code screen each). */
const MAX_WINDOWS_PER_SESSION = 100;

const KINDS = ['CHECKOUT', 'CODE', 'HOSTED', ...AGENT_WINDOW_KINDS] as const;
export type WindowKind = (typeof KINDS)[number];

const refused = (message: string) => new SdkError(403, 'AUTH_ERROR', message);

/** The window a request comes from (its guard found it) and its session; 403 for a window of another kind. */
export function windowOf(
  request: FastifyRequest,
  kinds: readonly WindowKind[] = KINDS,
): { window: WindowRow; session: SessionRow } {
  const found = request.networkWindow;
  if (!found) throw new Error(`${request.routeOptions.url ?? ''} does not serve the network window`);
  if (!kinds.includes(found.window.kind)) throw refused(`A ${found.window.kind} window cannot do this`);
  return found;
}

/** What the page asks the window to do, checked. */
async function windowRequestOf(
  ctx: SdkContext,
  session: SessionRow,
  body: Json,
): Promise<{ kind: WindowKind; checkoutId: string | null; request: Json }> {
  const kind = body.kind as WindowKind;
  if (!KINDS.includes(kind)) throw new SdkError(400, 'INVALID_PARAMETER', `kind must be one of ${KINDS.join(', ')}`);
  if (kind === 'CHECKOUT') {
    const checkoutId = nonEmptyString(body.checkoutId) ?? '';
    const checkout = checkoutId ? await findCheckout(ctx.db, checkoutId) : undefined;
    if (!checkout || checkout.sessionTokenHash !== session.tokenHash) {
      throw new SdkError(404, 'NOT_FOUND', 'No such checkout in this SDK session');
    }
    if (checkout.status !== 'PENDING') {
      throw new SdkError(409, 'INVALID_REQUEST', `The checkout is already ${checkout.status}`);
    }
    return { kind, checkoutId, request: {} };
  }
  if (kind === 'CODE') {
    if (!session.lookupConsumerId) {
      throw new SdkError(400, 'UNRECOGNIZED_CONSUMER_ID', 'No Click to Pay profile found: call idLookup first');
    }
    return { kind, checkoutId: null, request: { requestRecognitionToken: body.requestRecognitionToken === true } };
  }
  if ((AGENT_WINDOW_KINDS as readonly string[]).includes(kind)) {
    return { kind, checkoutId: null, request: await agentWindowRequest(ctx, kind as AgentWindowKind, body) };
  }
  const options = asObject(body.dpaTransactionOptions);
  invalidParameter(
    transactionOptionsProblem(options, 'dpaTransactionOptions') ?? storableJson(options, 'dpaTransactionOptions', 4096),
  );
  return { kind, checkoutId: null, request: { dpaTransactionOptions: options } };
}

/**
 * The checkout is a recognised consumer's, and this browser (the window's) does not prove them,
 * nor did the code typed in this window: the code comes first (consumer-proof.ts).
 */
export async function needsStepUp(
  ctx: SdkContext,
  request: FastifyRequest,
  session: SessionRow,
  checkout: CheckoutRow,
) {
  if (!checkout.consumerId || checkout.request.consumerProvedInWindow === true) return false;
  return (await ctx.consumerOf(request, session))?.consumer.id !== checkout.consumerId;
}

/** What the window shows: whom it answers, in which language, and what its kind needs. */
async function windowView(
  ctx: SdkContext,
  request: FastifyRequest,
  window: WindowRow,
  session: SessionRow,
): Promise<Json> {
  const init = session.init;
  const options = asObject(init.dpaTransactionOptions);
  const common = { windowId: window.id, kind: window.kind, merchantOrigin: session.origin };
  if (window.kind === 'CHECKOUT') {
    const checkout = await findCheckout(ctx.db, window.checkoutId ?? '');
    if (!checkout) throw new SdkError(404, 'NOT_FOUND', 'No such checkout');
    return {
      ...common,
      checkout: await dcfView(ctx.db, checkout, session, await needsStepUp(ctx, request, session, checkout)),
      authentication: await transactionAuthenticationView(ctx.db, request, session, checkout),
    };
  }
  if ((AGENT_WINDOW_KINDS as readonly string[]).includes(window.kind)) {
    return { ...common, ...(await agentWindowView(ctx, request, window, session)) };
  }
  const dpaData = asObject(init.dpaData);
  const locale = String(options.dpaLocale ?? 'en_US');
  if (window.kind === 'CODE') {
    // The masked channel comes with the code (/window/code/send), not here.
    const consumer = await findConsumer(ctx.db, session.lookupConsumerId);
    const passkey = await passkeyAvailability(ctx.db, request, session, consumer);
    return { ...common, locale, passkey: passkey.available ? { available: true } : passkey };
  }
  const hosted = { ...options, ...asObject(window.request.dpaTransactionOptions) };
  return {
    ...common,
    locale,
    merchant: { name: String(dpaData.dpaPresentationName ?? dpaData.dpaName ?? '') },
    amount: isObject(hosted.transactionAmount) ? hosted.transactionAmount : null,
    options: window.request.dpaTransactionOptions ?? {},
  };
}

export function windowRoutes(app: FastifyInstance, ctx: SdkContext): void {
  const { db } = ctx;

  // The merchant's page asks for a window; the grant goes to the window by postMessage.
  app.post('/api/windows', MERCHANT_PAGE, async (request) => {
    const session = ctx.sessionOf(request);
    if (!session.origin) {
      throw refused('A network window answers the page that called init: call init from that page');
    }
    const { kind, checkoutId, request: windowRequest } = await windowRequestOf(ctx, session, asObject(request.body));
    const [opened] = await db
      .select({ windows: count() })
      .from(sandboxWindows)
      .where(eq(sandboxWindows.sessionTokenHash, session.tokenHash));
    if ((opened?.windows ?? 0) >= MAX_WINDOWS_PER_SESSION) {
      throw new SdkError(429, 'RATE_LIMIT_EXCEEDED', 'Too many windows in this SDK session: call init again');
    }
    const id = randomBytes(16).toString('base64url');
    const grant = randomBytes(32).toString('base64url');
    const now = Date.now();
    await db.insert(sandboxWindows).values({
      id,
      sessionTokenHash: session.tokenHash,
      kind,
      checkoutId,
      request: windowRequest,
      grantHash: sha256(grant),
      grantExpiresAt: new Date(now + GRANT_TTL_MS),
      expiresAt: new Date(now + WINDOW_TTL_MS),
    });
    return { windowId: id, grant };
  });

  // The window trades its grant for its token, naming the origin its grant came from (the
  // browser's, on the message): only the page that made the session may open a window for it.
  // The window's page (the sandbox's own origin: its guard) with the grant and the opener's origin.
  app.post<{ Params: { id: string } }>('/api/windows/:id/open', SANDBOX_PAGE, async (request) => {
    const body = asObject(request.body);
    const grant = nonEmptyString(body.grant);
    const openerOrigin = exactOrigin(body.openerOrigin);
    if (!grant || !openerOrigin) {
      throw refused('Only the network’s own window may open itself, with the grant its opener gave it');
    }
    const token = randomBytes(32).toString('base64url');
    // Used once: the claim and the token are one write.
    const [window] = await db
      .update(sandboxWindows)
      .set({ tokenHash: sha256(token), openedAt: new Date() })
      .where(
        and(
          eq(sandboxWindows.id, request.params.id),
          eq(sandboxWindows.grantHash, sha256(grant)),
          isNull(sandboxWindows.tokenHash),
          gt(sandboxWindows.grantExpiresAt, new Date()),
        ),
      )
      .returning();
    if (!window) throw refused('This window’s grant is unknown, used or expired: start again from the merchant’s page');
    const session = await findSession(db, window.sessionTokenHash);
    if (!session || session.origin !== openerOrigin) {
      throw refused(`The page that opened this window (${openerOrigin}) did not start this checkout`);
    }
    return { windowToken: token, ...(await windowView(ctx, request, window, session)) };
  });
}

/** The HOSTED window's checkout, once it has opened one. */
export async function bindHostedCheckout(ctx: SdkContext, window: WindowRow, checkoutId: string): Promise<void> {
  await ctx.db.update(sandboxWindows).set({ checkoutId }).where(eq(sandboxWindows.id, window.id));
}

/** Adds to what the window keeps of its work (whom it signed in, whom it may offer a passkey). */
export async function updateWindowRequest(ctx: SdkContext, window: WindowRow, changes: Json): Promise<void> {
  await ctx.db
    .update(sandboxWindows)
    .set({ request: { ...window.request, ...changes } })
    .where(eq(sandboxWindows.id, window.id));
}

/** The consumer proved the profile in this window: it may offer them a passkey. */
export const markSignedIn = (ctx: SdkContext, window: WindowRow, consumerId: string) =>
  updateWindowRequest(ctx, window, { signedInConsumerId: consumerId });
/**
 * Who calls an SDK API route the hosted form also uses: the merchant's page (its session), or the
 * network's hosted window (for the session of the page that opened it).
 */
export function callerOf(request: FastifyRequest): { session: SessionRow; window?: WindowRow } {
  if (request.networkWindow) return windowOf(request, ['HOSTED']);
  if (!request.sdkSession) throw new Error(`${request.routeOptions.url ?? ''} does not serve the merchant page`);
  return { session: request.sdkSession };
}
