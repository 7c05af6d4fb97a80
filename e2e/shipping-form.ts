import { TEST_SHOPPER_SHIPPING } from '@c2p/domain';

/** The part of a Playwright page the form filler uses (the benchmarks bring their own Playwright). */
interface FormPage {
  locator(selector: string): { fill(value: string): Promise<unknown>; selectOption(value: string): Promise<unknown> };
}

/** Fills the checkout's shipping form with the test shopper, as a guest with an email contact. */
export async function fillShippingForm(page: FormPage): Promise<void> {
  const { address, contact } = TEST_SHOPPER_SHIPPING;
  for (const name of ['firstName', 'lastName', 'streetAddress1', 'city', 'zipCode'] as const) {
    await page.locator(`input[name="${name}"]`).fill(address[name]);
  }
  await page.locator('select[name="state"]').selectOption(address.state);
  await page.locator('input[name="email"]').fill(contact.email);
}
