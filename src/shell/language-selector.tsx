import { chakra, HStack, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { chooseLocale } from '../lib/i18n/locale-preference';
import { LOCALE_NATIVE_NAMES } from '../lib/i18n/locale-names';
import { SUPPORTED_LOCALES, toSupportedLocale } from '../lib/i18n/locales';

/** Footer language selector: shows the locale code; the native name is the option's title. */
export function LanguageSelector() {
  const { t, i18n } = useLingui();
  return (
    <HStack gap="1">
      <chakra.label htmlFor="language-select" srOnly>
        {t`Language`}
      </chakra.label>
      <NativeSelect.Root size="xs" width="16">
        <NativeSelect.Field id="language-select" value={i18n.locale} title={LOCALE_NATIVE_NAMES[toSupportedLocale(i18n.locale)]} onChange={(event) => void chooseLocale(toSupportedLocale(event.currentTarget.value))}>
          {SUPPORTED_LOCALES.map((code) => (
            <option key={code} value={code} title={LOCALE_NATIVE_NAMES[code]} lang={code}>
              {code}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
