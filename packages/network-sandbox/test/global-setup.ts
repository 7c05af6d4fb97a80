import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Builds lib.js and dcf.js, unless CI's `npm test` has just built them (CI builds once). */
export default function setup(): void {
  if (process.env.CI && existsSync(`${PACKAGE_DIR}/dist/browser/lib.js`)) return;
  execFileSync(process.execPath, ['build.mjs'], { cwd: PACKAGE_DIR, stdio: 'inherit' });
}
