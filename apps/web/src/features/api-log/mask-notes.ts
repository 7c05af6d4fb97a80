import type { TFunction } from '../../lib/i18n';
import type { MaskKind, MaskNote } from '../../lib/masking';

const KINDS: readonly MaskKind[] = ['pan', 'securityCode', 'otp', 'token', 'signature', 'key'];

/** The masked-value notes of a logged call that are well formed (storage is shared with other tabs and releases). */
export function maskNotesOf(log: { masked?: unknown }): MaskNote[] {
  if (!Array.isArray(log.masked)) return [];
  return log.masked.filter(
    (note): note is MaskNote =>
      typeof note === 'object' &&
      note !== null &&
      typeof (note as MaskNote).path === 'string' &&
      KINDS.includes((note as MaskNote).kind) &&
      typeof (note as MaskNote).length === 'number',
  );
}

/** What was masked and what is still known of it, in the UI language. */
export function describeMask(t: TFunction, note: MaskNote): string {
  const length = note.length;
  switch (note.kind) {
    case 'pan':
      return note.bin && note.lastFour
        ? t('API_LOG.MASKED.PAN', {
            brand: t(`CARD_BRANDS.${note.brand ?? 'unknown'}`, { defaultValue: t('CARD_BRANDS.unknown') }),
            bin: note.bin,
            lastFour: note.lastFour,
            length,
          })
        : t('API_LOG.MASKED.DIGITS', { length });
    case 'securityCode':
      return t('API_LOG.MASKED.SECURITY_CODE', { length });
    case 'otp':
      return t('API_LOG.MASKED.OTP', { length });
    case 'token':
      return t('API_LOG.MASKED.TOKEN', { length });
    case 'signature':
      return t('API_LOG.MASKED.SIGNATURE', { length });
    case 'key':
      return t('API_LOG.MASKED.KEY', { length });
  }
}
