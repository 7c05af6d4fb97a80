// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import arEG from '@c2p/domain/locales/ar-EG';
import enUS from '@c2p/domain/locales/en-US';
import frFR from '@c2p/domain/locales/fr-FR';
import { initI18nWith } from '../../lib/i18n';
import { dialCodeChoices } from './countries';
import { DialCodeField } from './dial-code-field';

afterEach(cleanup);

function Picker({ initial = '+1' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DialCodeField label="Country code" value={value} onChange={setValue} />
      <output data-testid="held">{value}</output>
    </>
  );
}

const picker = () => screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement;
const shown = () => picker().selectedOptions[0]?.textContent?.replace(/\u200e/g, '');

describe('the phone country-code picker', () => {
  beforeAll(() => initI18nWith('en-US', enUS));

  it('names each country with its code, sorted by name; a stored +1 stands for the United States', () => {
    render(<Picker />);
    const texts = [...picker().options].map((option) => option.textContent?.replace(/\u200e/g, ''));
    expect(texts).toContain('France (+33)');
    expect(texts).toContain('Egypt (+20)');
    expect(texts.indexOf('Canada (+1)')).toBeLessThan(texts.indexOf('France (+33)'));
    expect(shown()).toBe('United States (+1)');
    expect(picker().options.length).toBeGreaterThan(240);
  });

  it('holds the code of the country chosen and keeps showing that country, also one that shares its code', () => {
    render(<Picker />);
    fireEvent.change(picker(), { target: { value: '+44' } });
    expect(screen.getByTestId('held').textContent).toBe('+44');
    expect(shown()).toBe('United Kingdom (+44)');
    const canada = [...picker().options].find((option) => option.textContent?.startsWith('Canada'))!;
    fireEvent.change(picker(), { target: { value: canada.value } });
    expect(screen.getByTestId('held').textContent).toBe('+1');
    expect(shown()).toBe('Canada (+1)');
  });

  it('keeps a stored code the list does not have', () => {
    render(<Picker initial="+999" />);
    expect(picker().value).toBe('+999');
  });

  it('names the countries in the visitor’s language, the code kept left to right', () => {
    initI18nWith('fr-FR', frFR);
    const french = dialCodeChoices('fr-FR').map((choice) => choice.country);
    expect(french).toContain('Égypte');
    expect(french).toContain('Allemagne');
    initI18nWith('ar-EG', arEG);
    render(<Picker initial="+20" />);
    expect(picker().selectedOptions[0]?.textContent).toBe('مصر (\u200e+20\u200e)');
    initI18nWith('en-US', enUS);
  });
});
