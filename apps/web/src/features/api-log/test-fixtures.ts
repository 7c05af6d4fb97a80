import type { ApiLogHtmlOptions } from './download';
import type { MaskNote } from '../../lib/masking';

/** The downloaded file's labels, in plain English, for the tests that read the file. */
export const HTML_LABELS: ApiLogHtmlOptions['labels'] = {
  empty: 'No calls yet.',
  environment: 'Environment',
  started: 'Started',
  logTime: 'Log time',
  request: 'Request',
  response: 'Response',
  error: 'Error',
  masked: 'Masked',
};

/** What masking an encryptCard request of the test Mastercard 5186001700008785 and a 3-digit code notes. */
export const ENCRYPT_CARD_NOTES: MaskNote[] = [
  {
    path: 'request.primaryAccountNumber',
    kind: 'pan',
    length: 16,
    bin: '518600',
    lastFour: '8785',
    brand: 'mastercard',
  },
  { path: 'request.cardSecurityCode', kind: 'securityCode', length: 3 },
];
