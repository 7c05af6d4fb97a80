// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The import-boundary messages ESLint gives `code` as if it were the file `path` of the web app. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}apps/web/src/${path}` });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'import-x/no-cycle')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

// Linting with the import graph takes seconds on a busy machine.
describe('import boundaries of the web app', { timeout: 60_000 }, () => {
  it('a component importing a feature fails lint', async () => {
    const errors = await boundaryErrors(
      'components/layout/planted.tsx',
      "import { useAdmin } from '../../features/admin';\nexport const planted = useAdmin;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: .*components\/ and lib\/ sit below/)]);
  });

  it('lib importing the app layer fails lint', async () => {
    const errors = await boundaryErrors(
      'lib/planted.ts',
      "import { createRouter } from '../app/router';\nexport const planted = createRouter;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('a feature reaching past another feature’s index.ts fails lint, its public entry passes', async () => {
    const deep = await boundaryErrors(
      'features/checkout/planted.ts',
      "import { useCart } from '../cart/cart-store';\nexport const planted = useCart;\n",
    );
    expect(deep).toEqual([expect.stringMatching(/public entry/)]);
    const nested = await boundaryErrors(
      'features/checkout/click-to-pay/planted.ts',
      "import { useCart } from '../../cart/cart-store';\nexport const planted = useCart;\n",
    );
    expect(nested).toEqual([expect.stringMatching(/public entry/)]);
    const viaEntry = await boundaryErrors(
      'features/checkout/click-to-pay/planted.ts',
      "import { useCart } from '../../cart';\nimport { CardForm } from '../card-form';\nexport const planted = [useCart, CardForm];\n",
    );
    expect(viaEntry).toEqual([]);
  });

  it('a feature importing the app layer fails lint', async () => {
    const errors = await boundaryErrors(
      'features/products/planted.tsx',
      "import { NotFoundPage } from '../../app/error-page';\nexport const planted = NotFoundPage;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/features\/ sit below app\//)]);
  });

  it('an import cycle fails lint', async () => {
    // cart-store is imported by the cart's index.ts: a cart-store importing the index closes a cycle.
    const errors = await boundaryErrors(
      'features/cart/cart-store.ts',
      "import { OrderSummary } from './index';\nexport const planted = OrderSummary;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-cycle/)]);
  });
});
