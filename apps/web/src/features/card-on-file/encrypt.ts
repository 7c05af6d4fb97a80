import type { EnteredCard } from '../checkout';
import { clickToPaySession } from '../../lib/click-to-pay/client';

/**
 * The card encrypted in this browser to the network's card-encryption key, by the network's own SDK
 * (encryptCard, recorded in the API log): the merchant's server only ever sees the JWE.
 */
export async function encryptForNetwork(card: EnteredCard): Promise<string> {
  const client = await clickToPaySession().ready;
  const [month, year] = card.expiry.split('/');
  const encrypted = await client.call<{ encryptedCard: string }>('encryptCard', {
    primaryAccountNumber: card.number,
    panExpirationMonth: month,
    panExpirationYear: year && year.length === 2 ? `20${year}` : year,
    cardSecurityCode: card.securityCode,
  });
  if (!encrypted?.encryptedCard) throw new Error('encryptCard answered nothing');
  return encrypted.encryptedCard;
}
