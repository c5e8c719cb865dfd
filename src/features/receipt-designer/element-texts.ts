import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { ElementType } from '../../../schemas/receipt-template';

/** The names of the template's elements, attributes and values in the user's language (the palette and the properties). */
export function useElementTexts() {
  const { t } = useLingui();
  return useMemo(() => {
    const elements: Record<ElementType, string> = {
      text: t`Text`,
      field: t`Field`,
      lines: t`Article lines`,
      taxes: t`Tax table`,
      totals: t`Total`,
      payments: t`Payments`,
      barcode: t`Barcode`,
      qr: t`QR code`,
      logo: t`Logo`,
      separator: t`Separator`,
      signature: t`Signature line`,
      if: t`Conditional block`,
    };
    const attributes: Record<string, string> = {
      align: t`Alignment`,
      bold: t`Bold`,
      size: t`Size`,
      value: t`Value`,
      label: t`Label`,
      articleNumbers: t`Show article numbers`,
      heading: t`Show heading`,
      height: t`Height (mm)`,
      src: t`Image`,
      width: t`Width (% of the paper)`,
      style: t`Line style`,
      test: t`Print only when`,
    };
    const values: Record<string, string> = {
      start: t`Start`,
      center: t`Centre`,
      end: t`End`,
      small: t`Small`,
      normal: t`Normal`,
      large: t`Large`,
      dashed: t`Dashed`,
      solid: t`Solid`,
      dotted: t`Dotted`,
      blank: t`Blank space`,
      tenantName: t`Tenant name`,
      location: t`Location`,
      terminal: t`Terminal`,
      copyTitle: t`Copy title`,
      number: t`Receipt number`,
      uid: t`Uid`,
      date: t`Date`,
      operator: t`Operator`,
      total: t`Total`,
      currency: t`Currency`,
      references: t`Original receipt`,
      'customer-copy': t`Customer copy`,
      'merchant-copy': t`Merchant copy`,
      'has-operator': t`An operator is named`,
      'has-location': t`A location is named`,
      'has-references': t`It refers to an original`,
      processed: t`It is processed`,
      'not-processed': t`It is not processed yet`,
    };
    return { elements, attributes, values };
  }, [t]);
}
