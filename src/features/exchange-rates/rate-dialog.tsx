import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { showError } from '../../lib/toasts/show-error';
import { toasts } from '../../lib/toasts/toast-store';
import { ActionDialog } from '../../lib/ui/action-dialog';
import { currencyCode, parseRate, type RateProblem } from './parse-rate';

/** What the dialog edits: an existing currency's rate, or a new currency (currency undefined). */
export interface RateDialogTarget {
  currency?: string;
  exchangeRate?: number;
}

/**
 * Adds a currency or changes a rate. The rate is typed in the user's language (decimal comma in German) and checked
 * before it is sent; the old value stays in the history, so the dialog says so instead of asking twice.
 */
export function RateDialog({ target, refCurrency, known, onSave, onClose }: { target: RateDialogTarget; refCurrency: string; known: string[]; onSave: (currency: string, rate: number) => Promise<void>; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const adding = target.currency === undefined;
  const [code, setCode] = useState(target.currency ?? '');
  const [text, setText] = useState(target.exchangeRate === undefined ? '' : i18n.number(target.exchangeRate, { maximumFractionDigits: 8, useGrouping: false }));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  const parsed = parseRate(text, i18n.locale);
  const currency = currencyCode(code);
  const problemText: Record<RateProblem, string> = {
    empty: t`Enter the rate.`,
    'not-a-number': t`Enter a positive number, such as 1.0512.`,
    'too-small': t`The rate must be at least 0.00000001.`,
    'too-large': t`The rate can be at most 1,000,000,000.`,
    'too-precise': t`The rate can have at most 8 decimals.`,
  };
  const codeProblem = !adding
    ? undefined
    : currency === undefined
      ? t`Enter the three-letter ISO code, such as USD.`
      : currency === refCurrency
        ? t`${refCurrency} is the tenant's own currency.`
        : known.includes(currency)
          ? t`${currency} has a rate already: edit it in the list.`
          : undefined;
  const rateProblem = parsed.ok ? undefined : problemText[parsed.problem];
  const valid = codeProblem === undefined && parsed.ok;

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (!valid || !parsed.ok || busy) return;
    const chosen = adding ? currency! : target.currency!;
    setBusy(true);
    try {
      await onSave(chosen, parsed.value);
      toasts.show({ type: 'success', title: t`Rate of ${chosen} saved` });
      onClose();
    } catch (error) {
      showError(error);
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      title={adding ? t`Add a currency` : t`Change the rate of ${target.currency}`}
      testId="rate-dialog"
      busy={busy}
      onCancel={onClose}
      action={{ label: t`Save`, colorPalette: 'blue', onClick: () => void save(), testId: 'rate-save' }}
    >
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="4">
          {adding && (
            <Field.Root invalid={touched && codeProblem !== undefined} required>
              <Field.Label>{t`Currency`}</Field.Label>
              <Input value={code} onChange={(event) => setCode(event.target.value)} maxLength={3} autoFocus autoComplete="off" textTransform="uppercase" data-testid="rate-currency" />
              <Field.ErrorText>{codeProblem}</Field.ErrorText>
            </Field.Root>
          )}
          <Field.Root invalid={touched && rateProblem !== undefined} required>
            <Field.Label>{t`What 1 ${refCurrency} buys`}</Field.Label>
            <Input value={text} onChange={(event) => setText(event.target.value)} inputMode="decimal" autoFocus={!adding} autoComplete="off" dir="ltr" data-testid="rate-value" />
            <Field.HelperText>{adding ? t`Units of the foreign currency for one unit of ${refCurrency}.` : t`The current value stays in the history.`}</Field.HelperText>
            <Field.ErrorText>{rateProblem}</Field.ErrorText>
          </Field.Root>
          {/* Enter in either box saves: a form needs a submit control to do that. */}
          <button type="submit" hidden />
          {parsed.ok && (adding ? currency !== undefined : true) && (
            <Text textStyle="sm" color="fg.muted" dir="auto" data-testid="rate-preview">
              {t`100 ${refCurrency} buy ${i18n.number(100 * parsed.value, { maximumFractionDigits: 6 })} ${adding ? currency! : target.currency!}`}
            </Text>
          )}
        </Stack>
      </form>
    </ActionDialog>
  );
}
