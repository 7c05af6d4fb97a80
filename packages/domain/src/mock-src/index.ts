import cardOnFile from './files/card-on-file.json' with { type: 'json' };
import errorDeclinedCard from './files/error-declined-card.json' with { type: 'json' };
import errorLockedProfile from './files/error-locked-profile.json' with { type: 'json' };
import errorWrongCode from './files/error-wrong-code.json' with { type: 'json' };
import installments from './files/installments.json' with { type: 'json' };
import newUser from './files/new-user.json' with { type: 'json' };
import passkey from './files/passkey.json' with { type: 'json' };
import repeatUserNewDevice from './files/repeat-user-new-device.json' with { type: 'json' };
import returningUser from './files/returning-user.json' with { type: 'json' };
import type { MockSrcFile } from './schema.ts';

export * from './schema.ts';

/** The mock SRC files shipped with the product (seeded as built-in, never deleted). */
export const BUILT_IN_MOCK_SRC_FILES: Readonly<Record<string, MockSrcFile>> = {
  'new-user.json': newUser,
  'returning-user.json': returningUser,
  'repeat-user-new-device.json': repeatUserNewDevice,
  'passkey.json': passkey,
  'card-on-file.json': cardOnFile,
  'installments.json': installments,
  'error-wrong-code.json': errorWrongCode,
  'error-locked-profile.json': errorLockedProfile,
  'error-declined-card.json': errorDeclinedCard,
};
