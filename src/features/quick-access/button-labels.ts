import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ButtonKind } from '../../../schemas/pos-layout';

/** What each button kind is called in the editor. */
export const BUTTON_KIND_LABELS: Record<ButtonKind, MessageDescriptor> = {
  item: msg`Article`,
  itemGroup: msg`Product group`,
  function: msg`Function`,
};

/** The POS functions a button may run, by their key (schemas/pos-layout.ts). */
export const POS_FUNCTION_LABELS: Record<string, MessageDescriptor> = {
  'payment.cash': msg`Pay in cash`,
  'payment.card': msg`Pay by card`,
  'payment.voucher': msg`Pay by voucher`,
  'document.park': msg`Park the sale`,
  'document.recall': msg`Recall a parked sale`,
  'document.cancel': msg`Cancel the sale`,
  'line.void': msg`Void the line`,
  'line.discount': msg`Discount the line`,
  'line.quantity': msg`Change the quantity`,
  'drawer.open': msg`Open the cash drawer`,
  'receipt.reprint': msg`Reprint the receipt`,
  'customer.search': msg`Find a customer`,
  'shift.close': msg`Close the shift`,
};
