import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addTestContact,
  configurationIssues,
  decodeBundle,
  defaultConfigurationBundle,
  deleteTestContact,
  encodeBundle,
  isCssUrl,
  M,
  parseJsonLocated,
  readConfigurationBundle,
  resetStoreDefaults,
  srciEnvFor,
  withEnvironment,
  type ConfigurationBundle,
} from './configuration-validation.ts';
import { defaultTestContact, type TestDataContactDetails } from './merchant-store-config.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const fresh = () => defaultConfigurationBundle(NOW);
const messagesAt = (bundle: ConfigurationBundle, path: string) =>
  configurationIssues(bundle, NOW)
    .filter((issue) => issue.path === path)
    .map((issue) => issue.message);

const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}$/), fc.stringMatching(/^[a-z]{1,8}$/))
  .map(([local, domain]) => `${local}@${domain}.test`);
const phoneArb = fc.stringMatching(/^[1-9]\d{9}$/);
const contactArb = fc.record({
  emailId: emailArb,
  phoneNumber: phoneArb,
  phoneNumberText: fc.constant(''),
  phoneCountryCode: fc.constant('+1'),
  schemes: fc.constant({ mastercard: true }),
}) as fc.Arbitrary<TestDataContactDetails>;

describe('configuration validation', () => {
  it('the defaults pass every rule', () => {
    expect(configurationIssues(fresh(), NOW)).toEqual([]);
    expect(readConfigurationBundle(JSON.parse(JSON.stringify(fresh())), NOW)).toMatchObject({ ok: true });
  });

  it('a custom CSS URL is accepted exactly when its path ends with .css', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true }), (url) => {
        const bundle = fresh();
        bundle.screen.customizations.customCssUrl = url;
        const refused = messagesAt(bundle, 'screen.customizations.customCssUrl').includes(M.cssUrl);
        expect(refused).toBe(!isCssUrl(url));
        expect(isCssUrl(url)).toBe(new URL(url).pathname.toLowerCase().endsWith('.css'));
      }),
      { numRuns: 60 },
    );
    expect(isCssUrl('https://cdn.example/theme.css')).toBe(true);
    expect(isCssUrl('https://cdn.example/theme.css?v=2')).toBe(true);
    expect(isCssUrl('https://cdn.example/theme.js')).toBe(false);
  });

  it('adding a test contact needs an email, a scheme and a phone, and refuses a duplicate email or phone', () => {
    fc.assert(
      fc.property(fc.array(contactArb, { maxLength: 5 }), contactArb, (list, contact) => {
        const answer = addTestContact(list, contact);
        const duplicate =
          list.some((c) => c.emailId === contact.emailId) || list.some((c) => c.phoneNumber === contact.phoneNumber);
        expect(answer.ok).toBe(!duplicate);
        if (answer.ok) expect(answer.contacts).toHaveLength(list.length + 1);
      }),
    );
    const base = defaultTestContact();
    expect(addTestContact([], { ...base, emailId: 'nope' })).toEqual({ ok: false, error: M.contactEmail });
    expect(addTestContact([], { ...base, schemes: {} })).toEqual({ ok: false, error: M.contactScheme });
    expect(addTestContact([], { ...base, phoneNumber: '12' })).toEqual({ ok: false, error: M.contactPhone });
  });

  it('deleting an absent email or phone changes nothing and answers false', () => {
    fc.assert(
      fc.property(fc.array(contactArb, { maxLength: 5 }), fc.string(), (list, key) => {
        const copy = [...list];
        const present = list.some((c) => c.emailId === key || c.phoneNumber === key);
        expect(deleteTestContact(copy, key)).toBe(present);
        expect(copy).toHaveLength(present ? list.length - 1 : list.length);
      }),
    );
  });

  it('the contact list: at least one, valid email and phone, a scheme, no duplicates', () => {
    const bundle = fresh();
    bundle.store.testDataContactDetails = [];
    expect(messagesAt(bundle, 'store.testDataContactDetails')).toEqual([M.contactsEmpty]);
    const one = defaultTestContact();
    bundle.store.testDataContactDetails = [one, { ...one, phoneNumber: '3125550100' }];
    expect(messagesAt(bundle, 'store.testDataContactDetails.1.emailId')).toEqual([M.contactDuplicateEmail]);
    bundle.store.testDataContactDetails = [one, { ...one, emailId: 'other@example.com' }];
    expect(messagesAt(bundle, 'store.testDataContactDetails.1.phoneNumber')).toEqual([M.contactDuplicatePhone]);
    bundle.store.testDataContactDetails = [
      { ...one, emailId: 'x', phoneNumber: 'abc', schemes: { mastercard: false } },
    ];
    expect(messagesAt(bundle, 'store.testDataContactDetails.0.emailId')).toEqual([M.contactEmail]);
    expect(messagesAt(bundle, 'store.testDataContactDetails.0.phoneNumber')).toEqual([M.contactPhone]);
    expect(messagesAt(bundle, 'store.testDataContactDetails.0.schemes')).toEqual([M.contactScheme]);
  });

  it('network SDK URL and network fields must not be empty', () => {
    const bundle = fresh();
    bundle.screen.srcNetworks[0]!.sdkUrl = '  ';
    bundle.screen.srcNetworks[0]!.name = '';
    expect(messagesAt(bundle, 'screen.srcNetworks.0.sdkUrl')).toEqual([M.sdkUrl]);
    expect(messagesAt(bundle, 'screen.srcNetworks.0.name')).toEqual([M.networkField]);
  });

  it('code and documentation links must be URLs', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const bundle = fresh();
        bundle.store.documentationLinks.cardInput.codeLink = text;
        const refused = messagesAt(bundle, 'store.documentationLinks.cardInput.codeLink').length > 0;
        let url = false;
        try {
          url = ['http:', 'https:'].includes(new URL(text).protocol) && !/\s/.test(text);
        } catch {
          url = false;
        }
        const path = text.startsWith('/') && !text.startsWith('//') && !/\s/.test(text);
        expect(refused).toBe(!(url || path));
      }),
    );
  });

  it('the test card is checked per card type and the message names the type', () => {
    const bundle = fresh();
    bundle.store.testDataCardDetails.cardNumber = '4111111111111112';
    bundle.store.testDataCardDetails.securityCode = '12';
    bundle.store.testDataCardDetails.expiryDate = '01/20';
    const issues = configurationIssues(bundle, NOW);
    expect(issues.find((i) => i.path.endsWith('cardNumber'))).toMatchObject({
      message: M.cardNumber,
      params: { brand: 'Visa' },
    });
    expect(issues.find((i) => i.path.endsWith('securityCode'))).toMatchObject({
      params: { brand: 'Visa', length: '3' },
    });
    expect(issues.find((i) => i.path.endsWith('expiryDate'))).toMatchObject({ message: M.cardExpiry });
    bundle.store.testDataCardDetails = {
      cardStatus: 'SUCCESS',
      cardNumber: '378282246310005',
      securityCode: '123',
      expiryDate: '12/29',
    };
    expect(configurationIssues(bundle, NOW).find((i) => i.path.endsWith('securityCode'))).toMatchObject({
      params: { brand: 'American Express', length: '4' },
    });
  });

  it('a malformed JSON text is located at its line and column', () => {
    const text = '{\n  "a": 1,\n  "b": 2,\n}';
    const answer = parseJsonLocated(text);
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.problem.line).toBe(4);
      expect(answer.problem.column).toBe(1);
      expect(answer.problem.hint).toBe('CONFIG_SCREEN.JSON_HINTS.TRAILING_COMMA');
    }
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(parseJsonLocated(JSON.stringify(value, null, 2))).toMatchObject({ ok: true });
      }),
    );
  });

  it('any wrong-shaped configuration is refused with its field named, never thrown', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const answer = readConfigurationBundle(value, NOW);
        expect(answer.ok).toBe(false);
      }),
    );
    const bundle = JSON.parse(JSON.stringify(fresh())) as { settings: Record<string, unknown> };
    bundle.settings.windowRefType = 'tab';
    const answer = readConfigurationBundle(bundle, NOW);
    expect(answer.ok ? [] : answer.issues.map((i) => i.path)).toEqual(['settings.windowRefType']);
  });

  it('switching the environment fills srciEnv consistently', () => {
    for (const environment of ['sandbox', 'production', 'host'] as const) {
      const bundle = withEnvironment(fresh(), environment, 'https://src.example.com');
      expect(bundle.checkout.srciEnv).toEqual(
        srciEnvFor(environment, bundle.checkout.srciEnv.dpaId, 'https://src.example.com'),
      );
      expect(bundle.screen.srcNetworks[0]!.sdkUrl).toBe(bundle.checkout.srciEnv.scriptSrc);
      expect(configurationIssues(bundle, NOW)).toEqual([]);
    }
    expect(withEnvironment(fresh(), 'production').checkout.srciEnv.scriptSrc).toBe(
      'https://src.mastercard.com/srci/integration/2/lib.js',
    );
    expect(withEnvironment(withEnvironment(fresh(), 'production'), 'sandbox')).toEqual(fresh());
  });

  it('reset restores links, test card and test contact and keeps the rest', () => {
    const bundle = fresh();
    bundle.store.documentationLinks.cardInput.codeLink = 'https://example.com/x';
    bundle.store.testDataContactDetails = [];
    bundle.checkout.dpaData.dpaName = 'Kept';
    const reset = resetStoreDefaults(bundle, NOW);
    expect(reset.store).toEqual(fresh().store);
    expect(reset.checkout.dpaData.dpaName).toBe('Kept');
  });

  it('a share link carries the whole configuration, any text included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        const bundle = fresh();
        bundle.checkout.dpaData.dpaName = name;
        expect(decodeBundle(encodeBundle(bundle))).toEqual(bundle);
      }),
      { numRuns: 50 },
    );
  });
});
