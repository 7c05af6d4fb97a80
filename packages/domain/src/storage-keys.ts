/** Browser storage keys of spec section 3, exactly as the spec names them. */
export const STORAGE_KEYS = {
  cart: 'cart',
  tourStatus: 'tourStatus',
  isHostedCheckoutEnabled: 'isHostedCheckoutEnabled',
  dcfPresentationType: 'dcfPresentationType',
  commonSettings: 'commonSettings',
  useCase: 'MSDT_USECASE',
  activatedTool: 'activatedTool',
  apiLogs: 'api-logs',
  cookieAccepted: 'msdt-cookie-accepted',
  merchantStoreConfiguration: 'merchantStoreConfiguration',
  merchantCheckoutConfiguration: 'merchantCheckoutConfiguration',
  /** Not named by the spec: the mock SRC file the mock tool answers from (its name). */
  mockSrcFile: 'mockSrcFile',
  /** Not named by the spec: set once a tour ended with the shopper a returning user (it opens the tour's experience 2). */
  tourReturningUser: 'tourReturningUser',
  /** Not named by the spec: the tour's payment passkey made on this device (its id and public key, no secret). */
  tourPasskey: 'tourPasskey',
  /** Not named by the spec (session storage): the ids of the component pages' last checkout, for fetch-payload. */
  componentCheckout: 'componentCheckout',
} as const;

/** Auth storage follows the spec: tokens under the `_token.` prefix, cookies prefixed `auth.`. */
export const TOKEN_PREFIX = '_token.';
export const AUTH_COOKIE_PREFIX = 'auth.';
export const ADMIN_SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}${TOKEN_PREFIX}admin`;
/**
 * The meta tag a served page carries when its request had the admin cookie (which scripts cannot
 * read): only then does the app ask the server whose session it is.
 */
export const ADMIN_SESSION_META = 'c2p-admin-session';
