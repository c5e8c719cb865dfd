import { useLingui } from '@lingui/react/macro';
import { chooseLocale } from '../lib/i18n/locale-preference';
import { LOCALE_NATIVE_NAMES } from '../lib/i18n/locale-names';
import { showError } from '../lib/toasts/show-error';
import { SUPPORTED_LOCALES, toSupportedLocale } from '../lib/i18n/locales';
import { FooterSelect } from './footer-select';

const OPTIONS = SUPPORTED_LOCALES.map((code) => ({ value: code as string, label: code, title: LOCALE_NATIVE_NAMES[code], lang: code }));

/** Footer language selector: shows the locale code; the native name is the option's title. */
export function LanguageSelector() {
  const { t, i18n } = useLingui();
  return (
    <FooterSelect
      id="language-select"
      label={t`Language`}
      width="16"
      value={i18n.locale}
      title={LOCALE_NATIVE_NAMES[toSupportedLocale(i18n.locale)]}
      // A catalogue that cannot be fetched leaves the current language on and says why.
      onChange={(code) => void chooseLocale(toSupportedLocale(code)).catch(showError)}
      options={OPTIONS}
    />
  );
}
