import { gzipSync } from 'node:zlib';
import { FIRST_VISIT_JS_BUDGET_KB } from '../first-visit-budget.ts';
import { expect, test } from '../fixtures.ts';

test('issue 40: a first visit to /home loads at most the budget of JavaScript (gzip)', async ({ page }) => {
  const scripts: Promise<{ name: string; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (!/\.js(\?|$)/.test(response.url())) return;
    scripts.push(
      response.body().then((body) => ({
        name: new URL(response.url()).pathname,
        gzip: gzipSync(body, { level: 9 }).length,
      })),
    );
  });
  await page.goto('/home', { waitUntil: 'networkidle' });
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  const loaded = await Promise.all(scripts);
  const totalKb = loaded.reduce((sum, { gzip }) => sum + gzip, 0) / 1024;
  const list = loaded.map(({ name, gzip }) => `${name} ${(gzip / 1024).toFixed(1)} KB`).join(', ');
  expect(totalKb, `/home loads ${totalKb.toFixed(1)} KB: ${list}`).toBeLessThanOrEqual(FIRST_VISIT_JS_BUDGET_KB);
});
