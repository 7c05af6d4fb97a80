import { DOCUMENTED_COMPONENTS, SUPPORTED_CARD_BRANDS } from '@c2p/domain';
import { defaultSrcNetwork, withEnvironment, type Environment } from '@c2p/domain/configuration';
import { useTranslation } from '../../lib/i18n';
import { BrandChecks } from './brand-checks';
import { fieldId, useConfig } from './config-context';
import {
  CheckboxConfigField,
  ConfigFieldsUnder,
  Described,
  describedBy,
  EditModeButton,
  FieldGroup,
  FieldNote,
  SelectConfigField,
  TextConfigField,
  useFieldError,
  useFieldText,
  withoutItem,
} from './fields';
import { MockSrcFiles } from './mock-src-files';
import { TestContacts } from './test-contacts';

/** Card brands: which networks' cards the checkout takes (brand detection and `init`). */
function CardBrandsField() {
  const { draft, editing, setAt } = useConfig();
  const { label, help } = useFieldText('CARD_BRANDS');
  const error = useFieldError('checkout.cardBrands');
  const id = fieldId('checkout.cardBrands');
  const brands = draft.checkout.cardBrands;
  return (
    <fieldset
      id={id}
      className="config-field config-checks"
      aria-describedby={describedBy(id, help, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend>{label}</legend>
      <BrandChecks
        name={(brand) => `checkout.cardBrands.${brand}`}
        checked={(brand) => brands.includes(brand)}
        disabled={!editing}
        onChange={(brand, on) =>
          setAt(
            'checkout.cardBrands',
            SUPPORTED_CARD_BRANDS.filter((b) => (b === brand ? on : brands.includes(b))),
          )
        }
      />
      <FieldNote id={id} kind="help" text={help} />
      <FieldNote id={id} kind="error" text={error} />
    </fieldset>
  );
}

export function SrcNetworksTab() {
  const { t } = useTranslation();
  const { draft, setAt } = useConfig();
  const networks = draft.screen.srcNetworks;
  return (
    <>
      <FieldGroup name="CARD_BRANDS">
        <CardBrandsField />
      </FieldGroup>
      <FieldGroup name="SDK">
        <TextConfigField path="checkout.srciEnv.scriptSrc" name="SCRIPT_SRC" />
        <TextConfigField path="checkout.srciEnv.dpaId" name="DPA_ID" />
        <TextConfigField path="checkout.srciEnv.uiKitJs" name="UI_KIT_JS" />
        <TextConfigField path="checkout.srciEnv.uiKitCss" name="UI_KIT_CSS" />
        <TextConfigField path="checkout.srciEnv.hostedCheckoutScriptSrc" name="HOSTED_SCRIPT_SRC" />
      </FieldGroup>
      {networks.map((network, index) => {
        const at = `screen.srcNetworks.${index}`;
        const suffix = networks.length > 1 ? `(${index + 1})` : undefined;
        return (
          <FieldGroup key={index} name="NETWORK" values={{ name: network.name || index + 1 }}>
            <TextConfigField path={`${at}.name`} name="NETWORK_NAME" suffix={suffix} />
            <TextConfigField path={`${at}.initiatorId`} name="INITIATOR_ID" suffix={suffix} />
            <TextConfigField path={`${at}.dpaId`} name="NETWORK_DPA_ID" suffix={suffix} />
            <TextConfigField path={`${at}.publicKeysUrl`} name="PUBLIC_KEYS_URL" suffix={suffix} />
            <TextConfigField path={`${at}.publicKeysId`} name="PUBLIC_KEYS_ID" suffix={suffix} />
            <TextConfigField path={`${at}.dynamicDataType`} name="NETWORK_DYNAMIC_DATA_TYPE" suffix={suffix} />
            <TextConfigField path={`${at}.mockEndpoint`} name="MOCK_ENDPOINT" suffix={suffix} />
            <TextConfigField path={`${at}.sdkUrl`} name="NETWORK_SDK_URL" suffix={suffix} />
            <TextConfigField path={`${at}.host`} name="NETWORK_HOST" suffix={suffix} />
            {networks.length > 1 && (
              <EditModeButton
                label={t('CONFIG_SCREEN.ACTIONS.REMOVE_NETWORK', { name: network.name || index + 1 })}
                onClick={() => setAt('screen.srcNetworks', withoutItem(networks, index))}
              />
            )}
          </FieldGroup>
        );
      })}
      <EditModeButton
        kind="secondary"
        label={t('CONFIG_SCREEN.ACTIONS.ADD_NETWORK')}
        onClick={() => setAt('screen.srcNetworks', [...networks, { ...defaultSrcNetwork(), name: '' }])}
      />
      <MockSrcFiles />
    </>
  );
}

/** The transaction options asked by a checkbox, by member of dpaTransactionOptions. */
const TRANSACTION_OPTION_CHECKBOXES = {
  confirmPayment: 'CONFIRM_PAYMENT',
  consumerEmailAddressRequested: 'CONSUMER_EMAIL_REQUESTED',
  consumerNameRequested: 'CONSUMER_NAME_REQUESTED',
  consumerPhoneNumberRequested: 'CONSUMER_PHONE_REQUESTED',
};

/** The common settings asked by a checkbox, by member of settings. */
const COMMON_SETTING_CHECKBOXES = {
  consumerAuthenticationModule: 'CONSUMER_AUTH_MODULE',
  requestAuthenticatedPayment: 'AUTHENTICATED_PAYMENT',
  requestedRecognitionToken: 'RECOGNITION_TOKEN',
  otpDarkTheme: 'OTP_DARK_THEME',
  includeAcquirerIdBin: 'INCLUDE_ACQUIRER',
  isAuthPreferenceEnabled: 'AUTH_PREFERENCE_ENABLED',
};

/** The transaction's other identifiers, by member of screen.transaction. */
const TRANSACTION_TEXTS = {
  transactionId: 'TRANSACTION_ID',
  orderId: 'ORDER_ID',
  requestorId: 'REQUESTOR_ID',
  serviceId: 'SERVICE_ID',
  recipientKeyId: 'RECIPIENT_KEY_ID',
};

/** The authentication preferences typed in, by member of screen.authenticationPreferences. */
const AUTH_PREFERENCE_TEXTS = {
  acquirerId: 'AUTH_ACQUIRER_ID',
  acquirerBin: 'AUTH_ACQUIRER_BIN',
  merchantCategoryCode: 'AUTH_MERCHANT_CATEGORY_CODE',
  merchantCountryCode: 'AUTH_MERCHANT_COUNTRY_CODE',
};

const DYNAMIC_DATA_TYPES = [
  'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM',
  'CARD_APPLICATION_CRYPTOGRAM_LONG_FORM',
  'DYNAMIC_CARD_SECURITY_CODE',
  'NONE',
] as const;

export function SrciConfigTab() {
  const o = 'checkout.dpaTransactionOptions';
  const x = 'screen.transaction';
  return (
    <>
      <FieldGroup name="DPA">
        <TextConfigField path="checkout.dpaData.dpaName" name="DPA_NAME" ltr={false} />
        <TextConfigField path={`${x}.presentationName`} name="PRESENTATION_NAME" ltr={false} />
        <TextConfigField path={`${x}.uri`} name="DPA_URI" />
        <TextConfigField path="checkout.dpaData.acquirerId" name="ACQUIRER_ID" />
        <TextConfigField path="checkout.dpaData.acquirerBin" name="ACQUIRER_BIN" />
        <TextConfigField path={`${x}.acquirerMerchantId`} name="ACQUIRER_MERCHANT_ID" />
        <SelectConfigField
          path="checkout.checkoutExperience"
          name="CHECKOUT_EXPERIENCE"
          options={['WITHIN_CHECKOUT', 'PAYMENT_SETTINGS', 'NONE']}
        />
      </FieldGroup>
      <FieldGroup name="TRANSACTION">
        <TextConfigField path={`${o}.transactionAmount.transactionAmount`} name="AMOUNT" kind="number" />
        <TextConfigField path={`${o}.transactionAmount.transactionCurrencyCode`} name="CURRENCY" />
        <TextConfigField path={`${x}.currencyDecimals`} name="CURRENCY_DECIMALS" kind="number" />
        <TextConfigField path={`${o}.merchantCategoryCode`} name="MERCHANT_CATEGORY_CODE" />
        <TextConfigField path={`${o}.merchantCountryCode`} name="MERCHANT_COUNTRY_CODE" />
        <TextConfigField path={`${x}.merchantCountryCodeNumeric`} name="MERCHANT_COUNTRY_CODE_NUMERIC" />
        <TextConfigField path={`${o}.dpaLocale`} name="DPA_LOCALE" />
        <SelectConfigField
          path={`${o}.dpaBillingPreference`}
          name="BILLING_PREFERENCE"
          options={['FULL', 'POSTAL_COUNTRY', 'NONE']}
        />
        <SelectConfigField
          path={`${o}.threeDsPreference`}
          name="THREE_DS_PREFERENCE"
          options={['NONE', 'ONBEHALF', 'SELF']}
        />
        <SelectConfigField
          path={`${o}.paymentOptions.0.dynamicDataType`}
          name="DYNAMIC_DATA_TYPE"
          options={DYNAMIC_DATA_TYPES}
        />
        <ConfigFieldsUnder field={CheckboxConfigField} under={o} names={TRANSACTION_OPTION_CHECKBOXES} />
        <TextConfigField path={`${o}.dpaAcceptedBillingCountries`} name="BILLING_COUNTRIES" kind="list" />
        <TextConfigField path={`${o}.dpaAcceptedShippingCountries`} name="SHIPPING_COUNTRIES" kind="list" />
      </FieldGroup>
      <MoreTransactionGroups />
    </>
  );
}

/** The SRCi tab's last groups: the transaction's other settings and the compliance links. */
function MoreTransactionGroups() {
  const x = 'screen.transaction';
  return (
    <>
      <FieldGroup name="TRANSACTION_MORE">
        <ConfigFieldsUnder field={TextConfigField} under={x} names={TRANSACTION_TEXTS} />
        <SelectConfigField path={`${x}.payloadTypeIndicator`} name="PAYLOAD_TYPE" options={['checkout', 'payload']} />
        <SelectConfigField path={`${x}.dcfPreference`} name="DCF_PREFERENCE" options={['inside', 'outside', 'none']} />
        <CheckboxConfigField path={`${x}.dpaPanRequested`} name="DPA_PAN_REQUESTED" />
        <CheckboxConfigField path={`${x}.guestCheckout`} name="GUEST_CHECKOUT" />
        <TextConfigField path={`${x}.tokenRequestData`} name="TOKEN_REQUEST_DATA" />
        <TextConfigField path={`${x}.networkSpecificInputData`} name="NETWORK_SPECIFIC_INPUT" />
      </FieldGroup>
      <FieldGroup name="COMPLIANCE">
        {(['privacy', 'tnc', 'cookie'] as const).map((key) => (
          <TextConfigField
            key={key}
            path={`checkout.complianceSettings.${key}.latestVersionUri`}
            name={`COMPLIANCE_${key.toUpperCase()}`}
          />
        ))}
      </FieldGroup>
    </>
  );
}

export function CustomizationsTab() {
  const { t } = useTranslation();
  const { draft, setAt } = useConfig();
  const c = 'screen.customizations';
  const links = draft.screen.customizations.footerLinks;
  return (
    <>
      <FieldGroup name="LOOK">
        <SelectConfigField path={`${c}.buttonTheme`} name="BUTTON_THEME" options={['light', 'dark']} />
        <SelectConfigField path={`${c}.language`} name="LANGUAGE" options={['en-US', 'fr-FR', 'ar-EG']} />
        <TextConfigField path={`${c}.customCssUrl`} name="CUSTOM_CSS_URL" />
        <TextConfigField path={`${c}.popupUrl`} name="POPUP_URL" />
        <TextConfigField path={`${c}.aggregatorSdkUrl`} name="AGGREGATOR_SDK_URL" />
      </FieldGroup>
      <FieldGroup name="FOOTER_LINKS">
        {links.map((link, index) => (
          <div key={index} className="config-row">
            <SelectConfigField
              path={`${c}.footerLinks.${index}.type`}
              name="FOOTER_LINK_TYPE"
              suffix={String(index + 1)}
              options={['privacy', 'tnc', 'cookie']}
            />
            <TextConfigField path={`${c}.footerLinks.${index}.url`} name="FOOTER_LINK_URL" suffix={String(index + 1)} />
            <EditModeButton
              label={t('CONFIG_SCREEN.ACTIONS.REMOVE_LINK', { n: index + 1 })}
              onClick={() => setAt(`${c}.footerLinks`, withoutItem(links, index))}
            />
          </div>
        ))}
        <EditModeButton
          kind="secondary"
          label={t('CONFIG_SCREEN.ACTIONS.ADD_LINK')}
          onClick={() => setAt(`${c}.footerLinks`, [...links, { type: 'privacy', url: '' }])}
        />
      </FieldGroup>
    </>
  );
}

export function DeveloperTab() {
  const s = 'settings';
  const a = 'screen.authenticationPreferences';
  return (
    <>
      <FieldGroup name="DEVELOPER">
        <CheckboxConfigField path="screen.developerMode" name="DEVELOPER_MODE" />
      </FieldGroup>
      <FieldGroup name="COMMON_SETTINGS">
        <SelectConfigField path={`${s}.windowRefType`} name="WINDOW_REF_TYPE" options={['iframe', 'popup']} />
        <SelectConfigField
          path={`${s}.dcfPresentationType`}
          name="DCF_PRESENTATION"
          options={['actionsheet', 'modal']}
        />
        <ConfigFieldsUnder field={CheckboxConfigField} under={s} names={COMMON_SETTING_CHECKBOXES} />
      </FieldGroup>
      <FieldGroup name="AUTH_PREFERENCES">
        <SelectConfigField
          path={`${a}.payloadRequested`}
          name="PAYLOAD_REQUESTED"
          options={['AUTHENTICATED', 'NON_AUTHENTICATED']}
        />
        <SelectConfigField path={`${a}.methodType`} name="AUTH_METHOD_TYPE" options={['3DS', 'NONE']} />
        <CheckboxConfigField path={`${a}.suppressChallenge`} name="SUPPRESS_CHALLENGE" />
        <ConfigFieldsUnder field={TextConfigField} under={a} names={AUTH_PREFERENCE_TEXTS} />
      </FieldGroup>
    </>
  );
}

const ENVIRONMENTS: Environment[] = ['sandbox', 'production', 'host'];

export function EnvironmentTab() {
  const { t } = useTranslation();
  const { draft, editing, replace } = useConfig();
  const current = draft.screen.environment;
  return (
    <>
      <fieldset className="config-group" id={fieldId('screen.environment')}>
        <legend>{t('CONFIG_SCREEN.FIELDS.ENVIRONMENT.LABEL')}</legend>
        <p className="config-group__note">{t('CONFIG_SCREEN.FIELDS.ENVIRONMENT.HELP')}</p>
        {ENVIRONMENTS.map((environment) => (
          <div key={environment} className="config-field config-field--check">
            <input
              id={`cfg-env-${environment}`}
              type="radio"
              name="environment"
              value={environment}
              checked={current === environment}
              disabled={!editing}
              aria-describedby={`cfg-env-${environment}-help`}
              onChange={() => replace(withEnvironment(draft, environment))}
            />
            <label htmlFor={`cfg-env-${environment}`}>{t(`CONFIG_SCREEN.ENVIRONMENTS.${environment}`)}</label>
            <p id={`cfg-env-${environment}-help`} className="config-field__help">
              {t(`CONFIG_SCREEN.ENVIRONMENTS.${environment}_HELP`)}
            </p>
          </div>
        ))}
      </fieldset>
      {current === 'host' && <HostUrlField />}
      <FieldGroup name="RESULTING_ENV">
        <dl className="config-summary" dir="ltr">
          {Object.entries(draft.checkout.srciEnv).map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </FieldGroup>
    </>
  );
}

function HostUrlField() {
  const { draft, editing, replace } = useConfig();
  const { label, help } = useFieldText('HOST_URL');
  const id = fieldId('screen.hostUrl');
  const error = useFieldError('screen.hostUrl');
  return (
    <Described id={id} help={help} error={error} label={label}>
      <input
        id={id}
        type="text"
        dir="ltr"
        readOnly={!editing}
        value={draft.screen.hostUrl}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, help, error)}
        onChange={(event) => replace(withEnvironment(draft, 'host', event.target.value))}
      />
    </Described>
  );
}

export function WidgetTab() {
  const { t } = useTranslation();
  const l = 'store.documentationLinks';
  const card = 'store.testDataCardDetails';
  return (
    <>
      <FieldGroup name="LINKS" note>
        {DOCUMENTED_COMPONENTS.map((component) => (
          <div key={component} className="config-row">
            <TextConfigField
              path={`${l}.${component}.documentationLink`}
              name="DOCUMENTATION_LINK"
              suffix={`(${t(`CONFIG_SCREEN.COMPONENTS.${component}`)})`}
            />
            <TextConfigField
              path={`${l}.${component}.codeLink`}
              name="CODE_LINK"
              suffix={`(${t(`CONFIG_SCREEN.COMPONENTS.${component}`)})`}
            />
          </div>
        ))}
      </FieldGroup>
      <FieldGroup name="TEST_CARD">
        <TextConfigField path={`${card}.cardNumber`} name="TEST_CARD_NUMBER" />
        <TextConfigField path={`${card}.expiryDate`} name="TEST_CARD_EXPIRY" />
        <TextConfigField path={`${card}.securityCode`} name="TEST_CARD_SECURITY_CODE" />
      </FieldGroup>
      <FieldGroup name="TEST_CONTACTS" note>
        <TestContacts />
      </FieldGroup>
    </>
  );
}
