import type { WidgetProps } from '@rjsf/utils';

/** A value kept in the record but never shown (Oid, ETag, TenantOid). */
export function HiddenWidget({ id, value, htmlName }: WidgetProps) {
  return <input type="hidden" id={id} name={htmlName ?? id} value={value === null || value === undefined ? '' : String(value)} />;
}
