// Browser tests drive Debian's headless Chromium (chromium-headless-shell: the same engine without
// the browser's interface, about a third less CPU per test). Install it when missing and we may
// (root); else say how. CHROMIUM_PATH names another Chromium to use instead.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGE = 'chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? `/usr/bin/${PACKAGE}`;

if (!existsSync(CHROMIUM)) {
  if (process.env.CHROMIUM_PATH || process.getuid?.() !== 0) {
    console.error(
      `Browser tests need Chromium at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y ${PACKAGE}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${PACKAGE} from Debian packages (about a minute)…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGE}`, {
    stdio: 'inherit',
  });
}
