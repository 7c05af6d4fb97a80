import { axeViolations, expect, test } from '../fixtures.ts';

const html = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Scan</title></head><body><main><h1>Scan</h1>${body}</main></body></html>`;

/** The scan every accessibility test relies on finds what it should, in frames of any origin too. */
test('the axe scan reports violations in the page, a same-origin frame and a frame of another origin', async ({
  page,
}) => {
  await page.route('http://merchant.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: html(
        '<button></button><iframe title="same origin" srcdoc="<img src=a.png>"></iframe>' +
          '<iframe title="other origin" src="http://network.test/"></iframe>',
      ),
    }),
  );
  await page.route('http://network.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: html('<img src="b.png"><a href="/x"></a>') }),
  );
  await page.goto('http://merchant.test/');
  await expect(page.frameLocator('iframe[title="other origin"]').locator('a')).toBeAttached();

  const violations = await axeViolations(page);
  expect(violations.map((line) => line.replace(/ \([^)]*\)/g, ''))).toEqual([
    'button-name: button',
    'image-alt: iframe[title="same origin"] img, iframe[title="other origin"] img',
    'landmark-unique: main',
    'link-name: iframe[title="other origin"] a',
  ]);
  // A second scan of the same document finds axe already there, and the same violations.
  expect(await axeViolations(page)).toEqual(violations);
});
