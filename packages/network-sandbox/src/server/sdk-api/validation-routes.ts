// Finding and validating a consumer: idLookup, initiateValidation, validate, and the code-entry
// DCF's question (whom to answer).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_OR_HOSTED_WINDOW, WINDOW_ONLY } from '../route-callers.ts';
import { maskEmail, maskPhone, type ConsumerRow } from '../cards.ts';
import { SdkError } from '../errors.ts';
import { findByPhone } from '../phone.ts';
import { asObject, isObject, nonEmptyString, type Json } from '../util.ts';
import { rememberMeConsent } from '../consent.ts';
import { checkCode, sendCode } from './codes.ts';
import { inaccessible, typistOf, usableConsumer, type SdkContext } from './context.ts';
import { findConsumer, findConsumerByEmail, updateSession, type SessionRow } from './repository.ts';
import { signInSession } from './sign-in.ts';
import { passkeyAvailability } from './passkey-views.ts';
import { callerOf, markSignedIn, windowOf, type WindowRow } from './windows.ts';

/** The passkey's channel in identityLookup's answer (ours: the network does not publish its id). */
const PASSKEY_CHANNEL = 'PAYMENT_PASSKEY';

const CHANNEL_ALIASES: Record<string, string> = {
  EMAIL: 'EMAIL_ADDRESS',
  SMS: 'MOBILE_PHONE_NUMBER',
  MOBILE: 'MOBILE_PHONE_NUMBER',
};

/** The consumer's validation channels (initiateValidation's supportedValidationChannels). */
function channelsOf(consumer: ConsumerRow) {
  return [
    {
      validationChannelId: 'EMAIL_ADDRESS',
      identityProvider: 'SRC',
      identityType: 'EMAIL',
      maskedValidationChannel: maskEmail(consumer.email),
    },
    ...(consumer.mobileNumber
      ? [
          {
            validationChannelId: 'MOBILE_PHONE_NUMBER',
            identityProvider: 'SRC',
            identityType: 'SMS',
            maskedValidationChannel: `+${consumer.mobileCountryCode ?? '1'} ${maskPhone(consumer.mobileNumber)}`,
          },
        ]
      : []),
  ];
}

/**
 * identityLookup's supportedValidationChannels (returnValidationChannels): the code's channels, and
 * the payment passkey when this browser holds one for the profile, so that a page hosting its own
 * steps knows authenticate() would ask the passkey (the channel's shape is ours: README).
 */
async function lookupChannelsOf(request: FastifyRequest, session: SessionRow, consumer: ConsumerRow, ctx: SdkContext) {
  const sandboxHost = new URL(ctx.origins.of(request) ?? ctx.origins.publicBaseUrl()).hostname;
  const passkey = await passkeyAvailability(ctx.db, request, session, consumer, sandboxHost);
  return [
    ...channelsOf(consumer),
    ...(passkey.available
      ? [
          {
            validationChannelId: PASSKEY_CHANNEL,
            identityProvider: 'SRC',
            identityType: 'PASSKEY',
            maskedValidationChannel: '',
          },
        ]
      : []),
  ];
}

/** The channel asked for (an id or an identity type), else the one of the lookup, else the email. */
function channelIdFor(requested: string | undefined, session: SessionRow, consumer: ConsumerRow): string {
  if (!requested) {
    const lookedUp = session.lookupIdentity?.identityType;
    return lookedUp === 'MOBILE_PHONE_NUMBER' && consumer.mobileNumber ? 'MOBILE_PHONE_NUMBER' : 'EMAIL_ADDRESS';
  }
  const channelId = CHANNEL_ALIASES[requested.toUpperCase()] ?? requested;
  if (!channelsOf(consumer).some((c) => c.validationChannelId === channelId)) {
    throw new SdkError(400, 'INVALID_PARAMETER', `Unknown requestedValidationChannelId: ${requested}`);
  }
  return channelId;
}

export function validationRoutes(app: FastifyInstance, ctx: SdkContext): void {
  const { db } = ctx;

  /** The consumer (if any) and the identity idLookup's body names. */
  async function lookUp(body: Json): Promise<{ consumer: ConsumerRow | undefined; identity: Json }> {
    const email = nonEmptyString(body.email);
    if (email) {
      // Length first, then patterns that cannot backtrack (/^[^\s@]+@[^\s@]+\.[^\s@]+$/ was quadratic).
      const domain = email.slice(email.indexOf('@') + 1);
      if (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email) || !domain.slice(1, -1).includes('.')) {
        throw new SdkError(400, 'ID_FORMAT_UNSUPPORTED', 'The email address is not valid');
      }
      const identity = { identityType: 'EMAIL_ADDRESS', identityValue: email.toLowerCase() };
      return { consumer: await findConsumerByEmail(db, email.toLowerCase()), identity };
    }
    if (isObject(body.mobileNumber)) {
      const phone = await findByPhone(db, body.mobileNumber);
      if (!phone) throw new SdkError(400, 'ID_FORMAT_UNSUPPORTED', 'The mobile number is not valid');
      const { countryCode, phoneNumber } = phone;
      return { consumer: phone.consumer, identity: { identityType: 'MOBILE_PHONE_NUMBER', countryCode, phoneNumber } };
    }
    throw new SdkError(400, 'CONSUMER_ID_MISSING', 'Pass { email } or { mobileNumber: { countryCode, phoneNumber } }');
  }

  // ---- idLookup ---------------------------------------------------------------------------------
  app.post('/api/lookup', PAGE_OR_HOSTED_WINDOW, async (request) => {
    const { session } = callerOf(request);
    const { consumer, identity } = await lookUp(asObject(request.body));
    if (consumer?.locked) throw inaccessible();
    await updateSession(db, session.tokenHash, { lookupConsumerId: consumer?.id ?? null, lookupIdentity: identity });
    if (!consumer || asObject(request.body).returnValidationChannels !== true) {
      return { consumerPresent: Boolean(consumer) };
    }
    return {
      consumerPresent: true,
      supportedValidationChannels: await lookupChannelsOf(request, session, consumer, ctx),
    };
  });

  // ---- initiateValidation -----------------------------------------------------------------------
  app.post('/api/validation/initiate', PAGE_OR_HOSTED_WINDOW, async (request) => {
    const { session } = callerOf(request);
    const body = asObject(request.body);
    const consumer = usableConsumer(
      await findConsumer(db, session.lookupConsumerId),
      () =>
        new SdkError(
          400,
          'UNRECOGNIZED_CONSUMER_ID',
          'No Click to Pay profile found: call idLookup with a known consumer first',
        ),
    );
    const channels = channelsOf(consumer);
    const channelId = channelIdFor(nonEmptyString(body.requestedValidationChannelId), session, consumer);
    const channel = channels.find((c) => c.validationChannelId === channelId)!;
    await sendCode(db, session.tokenHash, consumer.id, channelId);
    return {
      maskedValidationChannel: channel.maskedValidationChannel,
      network: 'mastercard',
      supportedValidationChannels: channels,
    };
  });

  // ---- validate ---------------------------------------------------------------------------------
  app.post('/api/validation/complete', PAGE_OR_HOSTED_WINDOW, async (request, reply) => {
    const { session } = callerOf(request);
    const body = asObject(request.body);
    const consumer = await checkCode(
      db,
      typistOf(request, session),
      typeof body.value === 'string' ? body.value.trim() : '',
    );
    const { answer, setCookies } = await signInSession(ctx, request, session, consumer, {
      rememberMe: rememberMeConsent(body).given,
      recognitionTokenRequested: body.requestRecognitionToken === true,
      method: 'OTP',
    });
    reply.header('set-cookie', setCookies);
    return answer;
  });
}

/** authenticate's window: its code, sent when the window asks (a passkey may come first), and checked. */
export function codeWindowRoutes(app: FastifyInstance, ctx: SdkContext): void {
  const { db } = ctx;

  app.post('/api/window/code/send', WINDOW_ONLY, async (request) => {
    const { session } = windowOf(request, ['CODE']);
    const consumer = usableConsumer(
      await findConsumer(db, session.lookupConsumerId),
      () => new SdkError(400, 'UNRECOGNIZED_CONSUMER_ID', 'No Click to Pay profile found: call idLookup first'),
    );
    const channelId = channelIdFor(undefined, session, consumer);
    await sendCode(db, session.tokenHash, consumer.id, channelId);
    return {
      maskedValidationChannel: channelsOf(consumer).find((c) => c.validationChannelId === channelId)!
        .maskedValidationChannel,
    };
  });

  app.post('/api/window/code', WINDOW_ONLY, async (request, reply) => {
    const { window, session } = windowOf(request, ['CODE']);
    const body = asObject(request.body);
    const { answer, setCookies, consumer } = await validatedInWindow(ctx, request, session, window, body);
    await markSignedIn(ctx, window, consumer.id);
    reply.header('set-cookie', setCookies);
    return answer.recognitionToken ? { recognitionToken: answer.recognitionToken } : {};
  });
}

/** The code typed in authenticate's window: the consent is the window's checkbox, the token the page's ask. */
async function validatedInWindow(
  ctx: SdkContext,
  request: FastifyRequest,
  session: SessionRow,
  window: WindowRow,
  body: Json,
) {
  const typist = typistOf(request, session);
  const consumer = await checkCode(ctx.db, typist, typeof body.value === 'string' ? body.value.trim() : '');
  const signedIn = await signInSession(ctx, request, session, consumer, {
    rememberMe: body.rememberMe === true,
    recognitionTokenRequested: window.request.requestRecognitionToken === true,
    method: 'OTP',
  });
  return { ...signedIn, consumer };
}
