import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import enUS from '@c2p/domain/locales/en-US';
import { i18n } from '../../lib/i18n';
import { InstallmentsSchedule } from './schedule';

beforeAll(() => {
  i18n.addCatalogue('en-US', enUS);
  i18n.changeLanguage('en-US');
});

describe('InstallmentsSchedule', () => {
  it('shows "3 installments of $66.33" and every payment, the differing last one marked', () => {
    render(
      <InstallmentsSchedule
        installments={{
          planId: 'PLAN-3M',
          numberOfInstallments: 3,
          installmentCents: 6_633,
          scheduleCents: [6_633, 6_633, 6_634],
          apr: '0.00',
          currency: 'USD',
          firstPaymentDate: '2026-01-31',
        }}
      />,
    );
    expect(screen.getByText('3 installments of $66.33')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('January 31, 2026$66.33'),
      expect.stringContaining('February 28, 2026$66.33'),
      expect.stringContaining('March 31, 2026$66.34'),
    ]);
    expect(rows[2]!.getAttribute('data-differs')).toBe('true');
    expect(rows[0]!.getAttribute('data-differs')).toBeNull();
  });
});
