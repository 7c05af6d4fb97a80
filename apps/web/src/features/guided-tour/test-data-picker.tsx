import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { TestDataOption } from './tour-data';

/** The page's fields a test value goes into, by the name they have in our forms and the SDK's. */
const FIELD_NAMES: Record<TestDataOption['type'], string[]> = {
  email: ['c2pEmail', 'email'],
  phoneNumber: ['phoneNumber'],
  otp: [],
  password: ['password'],
  card: ['number'],
};

/** Sets an input's value so that React (and the form hooks) see it as typed. */
function typeInto(field: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Puts a test value into the page's matching field (a card's expiry and code into the same form)
 * and focuses it; false when the page has no such field.
 */
function fillTestData(option: TestDataOption): boolean {
  for (const name of FIELD_NAMES[option.type]) {
    const field = document.querySelector<HTMLInputElement>(`main [name="${name}"]`);
    if (!field) continue;
    typeInto(
      field,
      option.type === 'phoneNumber' ? option.text.replace(/^\+\d+\s*/, '').replace(/\D/g, '') : option.text,
    );
    if (option.type === 'card') {
      const form = field.closest('form');
      const expiry = form?.querySelector<HTMLInputElement>('[name="expiry"]');
      const code = form?.querySelector<HTMLInputElement>('[name="securityCode"]');
      if (expiry && option.expiryDate) typeInto(expiry, option.expiryDate);
      if (code && option.securityCode) typeInto(code, option.securityCode);
    }
    field.focus();
    return true;
  }
  return false;
}

/** The tour header's test data: each value to copy, or to use in the page's matching field. */
export function TestDataPicker({ options }: { options: TestDataOption[] }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<string>();
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without clipboard access the value is still shown to copy by hand.
    }
    setCopied(text);
  };
  return (
    <div className="test-data">
      <button
        type="button"
        className="button button--secondary test-data__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {t('TOUR.TEST_DATA.BUTTON')}
      </button>
      <div id={panelId} className="test-data__panel" hidden={!open}>
        <h2 className="test-data__title">{t('TOUR.TEST_DATA.TITLE')}</h2>
        <dl>
          {options.map((option) => (
            <TestDataRow key={`${option.type}-${option.text}`} option={option} copied={copied} copy={copy} />
          ))}
        </dl>
        <p className="visually-hidden" role="status">
          {copied ? t('TOUR.TEST_DATA.COPIED') : ''}
        </p>
      </div>
    </div>
  );
}

/** One value: Copy, and Use (all but the one-time code), which fills the page's field or else copies. */
function TestDataRow({
  option,
  copied,
  copy,
}: {
  option: TestDataOption;
  copied?: string;
  copy(text: string): Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <div className="test-data__row">
      <dt>{t(`TOUR.TEST_DATA.${option.type === 'phoneNumber' ? 'PHONE' : option.type.toUpperCase()}`)}</dt>
      <dd>
        <span dir="ltr" className="test-data__value">
          {option.text}
        </span>
        {option.type === 'card' && (
          <span className="test-data__detail">
            {t('TOUR.TEST_DATA.EXPIRY', { expiry: option.expiryDate ?? '', code: option.securityCode ?? '' })}
          </span>
        )}
        <button
          type="button"
          className="button button--link"
          aria-label={`${t('TOUR.TEST_DATA.COPY')} ${option.text}`}
          onClick={() => void copy(option.text)}
        >
          {copied === option.text ? t('TOUR.TEST_DATA.COPIED') : t('TOUR.TEST_DATA.COPY')}
        </button>
        {option.type !== 'otp' && (
          <button
            type="button"
            className="button button--link"
            aria-label={`${t('TOUR.TEST_DATA.USE')} ${option.text}`}
            onClick={() => {
              if (!fillTestData(option)) void copy(option.text);
            }}
          >
            {t('TOUR.TEST_DATA.USE')}
          </button>
        )}
      </dd>
    </div>
  );
}
