// The network as the issuer of card credentials (L1) and as the shopper's credential provider: its
// ES256 issuer key, made at first start and kept in sandbox_keys like the network's other keys (the
// first instance to insert wins), and its identifier, the `iss` of its L1s and the `aud` of what
// agents present to it.
import { generateEs256KeyPair, type KeyPair } from '@c2p/agentic';
import { eq } from 'drizzle-orm';
import type { JWK } from 'jose';
import { sandboxKeys } from '../../store/schema.ts';
import type { SandboxDatabase } from '../db.ts';
import type { OwnOrigins } from '../origins.ts';

const PURPOSE = 'agentic-issuer';

export type AgenticIssuer = KeyPair;

export async function loadAgenticIssuer(db: SandboxDatabase): Promise<AgenticIssuer> {
  const read = () => db.select().from(sandboxKeys).where(eq(sandboxKeys.purpose, PURPOSE));
  let [row] = await read();
  if (!row) {
    const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
    const made = await generateEs256KeyPair(`${stamp}-sandbox-agentic-issuer`);
    await db
      .insert(sandboxKeys)
      .values({ purpose: PURPOSE, kid: made.kid, privateJwk: { ...made.privateJwk }, publicJwk: { ...made.publicJwk } })
      .onConflictDoNothing();
    [row] = await read();
  }
  return { kid: row!.kid, privateJwk: row!.privateJwk as JWK, publicJwk: row!.publicJwk as JWK };
}

/** The network's identifier in the credentials: its public base URL's /sandbox. */
export const networkUri = (origins: OwnOrigins): string => `${origins.publicBaseUrl()}/sandbox`;

/** The issuer key for an L1 of ours (its `kid`, and our `iss`); undefined for any other. */
export const issuerKeyLookup = (issuer: AgenticIssuer, origins: OwnOrigins) => (kid: string, iss: unknown) =>
  kid === issuer.kid && iss === networkUri(origins) ? issuer.publicJwk : undefined;
