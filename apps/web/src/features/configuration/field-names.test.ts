import { describe, expect, it } from 'vitest';
import { configurationIssues, defaultConfigurationBundle } from '@c2p/domain/configuration';
import { getAt, setAt } from './config-store';
import { fieldNameOf, fieldQualifier, tabOf, type TabId } from './field-names';

describe('configuration screen paths', () => {
  it('reads and writes a nested path without touching the original', () => {
    const bundle = defaultConfigurationBundle(new Date('2026-11-23'));
    const next = setAt(bundle, 'store.testDataContactDetails.0.emailId', 'x@example.com');
    expect(getAt(next, 'store.testDataContactDetails.0.emailId')).toBe('x@example.com');
    expect(getAt(bundle, 'store.testDataContactDetails.0.emailId')).toBe('returning.user@example.com');
    expect(getAt(bundle, 'no.such.path')).toBeUndefined();
  });

  it('names the field and tab of every problem the rules can report', () => {
    const bundle = defaultConfigurationBundle(new Date('2026-11-23'));
    bundle.checkout.srciEnv.scriptSrc = '';
    bundle.checkout.cardBrands = [];
    bundle.screen.srcNetworks[0]!.name = '';
    bundle.screen.customizations.customCssUrl = 'https://x.test/a.js';
    bundle.store.documentationLinks.cardList.codeLink = 'nope';
    bundle.store.testDataCardDetails.cardNumber = '1';
    bundle.store.testDataContactDetails[0]!.emailId = 'bad';
    bundle.screen.environment = 'host';
    const issues = configurationIssues(bundle, new Date('2026-11-23'));
    expect(issues.length).toBeGreaterThan(6);
    for (const issue of issues) expect(fieldNameOf(issue.path), issue.path).toBeDefined();
    const tabs: [string, TabId][] = [
      ['screen.customizations.customCssUrl', 'customizations'],
      ['store.testDataCardDetails.cardNumber', 'widget'],
      ['screen.srcNetworks.0.name', 'networks'],
      ['screen.hostUrl', 'environment'],
    ];
    for (const [path, tab] of tabs) expect(tabOf(path), path).toBe(tab);
    expect(fieldQualifier('store.documentationLinks.cardList.codeLink')).toBe('cardList');
    expect(fieldQualifier('store.testDataContactDetails.1.emailId')).toBe('2');
  });
});
