import { TEST_SHOPPER_SHIPPING } from '@c2p/domain';

/** The part of a Playwright page the form fillers use (the benchmarks bring their own Playwright). */
interface FormPage {
  locator(selector: string): { fill(value: string): Promise<unknown>; selectOption(value: string): Promise<unknown> };
  getByLabel(label: string): { fill(value: string): Promise<unknown>; selectOption(value: string): Promise<unknown> };
}

const TEXT_FIELDS = ['firstName', 'lastName', 'streetAddress1', 'city', 'zipCode'] as const;

/** The shipping form's English labels, for specs that reach its fields as a shopper reads them. */
const LABELS: Record<(typeof TEXT_FIELDS)[number] | 'state', string> = {
  firstName: 'First name',
  lastName: 'Last name',
  streetAddress1: 'Street address',
  city: 'City',
  state: 'State',
  zipCode: 'Zip code',
};

/** Fills the checkout's shipping form with the test shopper, as a guest with an email contact. */
export async function fillShippingForm(page: FormPage): Promise<void> {
  const { address, contact } = TEST_SHOPPER_SHIPPING;
  for (const name of TEXT_FIELDS) await page.locator(`input[name="${name}"]`).fill(address[name]);
  await page.locator('select[name="state"]').selectOption(address.state);
  await page.locator('input[name="email"]').fill(contact.email);
}

/**
 * The same through the fields' English labels, with some of the test shopper's values replaced
 * (e.g. by markup that must show as text).
 */
export async function fillShippingFormByLabel(
  page: FormPage,
  replaced: Partial<Record<(typeof TEXT_FIELDS)[number], string>> = {},
): Promise<void> {
  const { address, contact } = TEST_SHOPPER_SHIPPING;
  for (const name of TEXT_FIELDS) await page.getByLabel(LABELS[name]).fill(replaced[name] ?? address[name]);
  await page.getByLabel(LABELS.state).selectOption(address.state);
  await page.getByLabel('Email address').fill(contact.email);
}
