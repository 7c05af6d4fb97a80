// The pieces the network API's route schemas share: its error body, keys, cards, amounts.
import { z } from 'zod';

const sourceTypeSchema = z.enum(['BODY', 'HEADER', 'QUERY', 'PATH']);

/** Every refusal of the network APIs (reference section 9.2). */
export const networkErrorSchema = z
  .looseObject({
    status: z.number().int(),
    reason: z.string(),
    message: z.string(),
    errordetail: z.array(
      z.looseObject({
        reason: z.string(),
        source: z.string().optional(),
        sourceType: sourceTypeSchema.optional(),
        message: z.string(),
      }),
    ),
  })
  .describe('A refusal in the network’s error format: `reason`, `message` and, per field, `errordetail`.');

/** The network API's refusals for these status codes, each in the network's error format. */
export function refusals<const C extends readonly number[]>(
  ...codes: C
): { [K in C[number]]: typeof networkErrorSchema } {
  return Object.fromEntries(codes.map((code) => [code, networkErrorSchema])) as {
    [K in C[number]]: typeof networkErrorSchema;
  };
}

export const noContent = z.null().describe('Done, no content');

/**
 * A text member the route reads when it is a string: any other JSON type answers the same
 * INVALID_ARGUMENT as the route's own check of that member (`message`).
 */
export const text = (message: string) => z.string({ error: message });

/** A request body: a JSON object whose members the route reads. */
export const body = <S extends z.core.$ZodShape>(shape: S) =>
  z.looseObject(shape, { error: 'The body must be a JSON object' });

export const publicJwkSchema = z
  .looseObject({
    kty: z.string().optional(),
    kid: z.string().optional(),
    use: z.string().optional(),
    alg: z.string().optional(),
  })
  .describe('A public key as a JWK');

export const jwksSchema = z.object({ keys: z.array(publicJwkSchema) }).describe('A JSON Web Key Set');

export const srcDpaIdParams = z.object({ srcDpaId: z.string().describe('The DPA id') });

/** The merchant's RSA public key (kty RSA, n, e, kid?): checked further by the route (size, private members). */
export const rsaPublicJwkSchema = (message: string) =>
  z
    .looseObject(
      { kty: text(message).optional(), n: text(message).optional(), e: text(message).optional() },
      { error: message },
    )
    .describe('An RSA public key as a JWK: 2048 to 8192 bits, e odd and at least 65537 (AQAB); `kid` is kept');

export const transactionAmountSchema = z
  .looseObject({
    transactionAmount: z
      .union([z.number(), z.string()], {
        error: 'transactionAmount.transactionAmount must be a positive amount with at most two decimals',
      })
      .optional()
      .describe('A positive amount, at most two decimals'),
    transactionCurrencyCode: text('transactionCurrencyCode must be 3 capital letters')
      .optional()
      .describe('ISO 4217, e.g. USD'),
  })
  .describe('{ transactionAmount, transactionCurrencyCode }');

/** A masked card (reference section 4.4), as the SDK's getCards answers it. */
export const maskedCardSchema = z
  .looseObject({
    srcDigitalCardId: z.string(),
    panBin: z.string(),
    panLastFour: z.string(),
    tokenLastFour: z.string().optional(),
    panExpirationMonth: z.string(),
    panExpirationYear: z.string(),
    paymentCardDescriptor: z.string(),
    digitalCardData: z.looseObject({ status: z.string(), descriptorName: z.string(), artUri: z.string() }),
  })
  .describe('A masked card (reference section 4.4)');

export const maskedConsumerSchema = z
  .looseObject({ maskedEmailAddress: z.string().optional(), maskedFirstName: z.string().optional() })
  .describe('The masked consumer (reference section 4.5)');

export const assuranceDataSchema = z
  .looseObject({ eci: z.string().describe('02 within 5 minutes of the checkout, 06 after (07 for a card on file)') })
  .describe('How the cardholder was verified');

export type MaskedCard = z.output<typeof maskedCardSchema>;
export type MaskedConsumer = z.output<typeof maskedConsumerSchema>;
export type AssuranceData = z.output<typeof assuranceDataSchema>;
