// The consumer's "Remember me", as the merchant's page passes it on: lib.js's `rememberMe`, or the
// SRC style `complianceSettings.complianceResources` with a REMEMBER_ME resource (the consent the
// merchant collected, reference section 4.6). Consent given there is honoured and not asked again.
import { asObject, type Json } from './util.ts';

export interface RememberMeConsent {
  /** The merchant's page asked the consumer (either way): the network's window does not ask again. */
  asked: boolean;
  given: boolean;
}

const hasRememberMeResource = (complianceSettings: unknown): boolean => {
  const resources = asObject(complianceSettings).complianceResources;
  return Array.isArray(resources) && resources.some((resource) => asObject(resource).complianceType === 'REMEMBER_ME');
};

export function rememberMeConsent(body: Json): RememberMeConsent {
  if (hasRememberMeResource(body.complianceSettings)) return { asked: true, given: true };
  return { asked: typeof body.rememberMe === 'boolean', given: body.rememberMe === true };
}
