/**
 * The document the playground opens with: a small kind of its own (no kind of the catalogue), with one field of each
 * common sort, a layout of two tabs and grid columns, so every tab of the page has something to show.
 */
export const EXAMPLE_DOCUMENT = {
  area: 'playground',
  entity: 'example',
  version: 1,
  label: { en: 'Example', de: 'Beispiel', ar: 'مثال' },
  pluralLabel: { en: 'Examples', de: 'Beispiele', ar: 'أمثلة' },
  navigation: '/data/playground',
  scope: 'tenant',
  titleField: 'Name',
  fields: [
    { name: 'Code', type: 'String', required: true, unique: true, maxLength: 16, rules: 'id', label: { en: 'Code', de: 'Code', ar: 'الرمز' } },
    { name: 'Name', type: 'String', required: true, maxLength: 40, label: { en: 'Name', de: 'Name', ar: 'الاسم' } },
    { name: 'Price', type: 'Number', managedType: 'decimal', min: 0, label: { en: 'Price', de: 'Preis', ar: 'السعر' } },
    {
      name: 'Kind',
      type: 'Number',
      managedType: 'int32',
      usage: 'Enum',
      default: 1,
      label: { en: 'Kind', de: 'Art', ar: 'النوع' },
      options: [
        { value: 1, label: { en: 'Goods', de: 'Ware', ar: 'بضاعة' } },
        { value: 2, label: { en: 'Service', de: 'Dienstleistung', ar: 'خدمة' } },
      ],
    },
    { name: 'ValidFrom', type: 'String', usage: 'Date', label: { en: 'Valid from', de: 'Gültig ab', ar: 'صالح من' } },
    { name: 'Note', type: 'String', usage: 'MultilineText', maxLength: 500, label: { en: 'Note', de: 'Notiz', ar: 'ملاحظة' } },
  ],
  extensions: {
    grid: { columns: [{ field: 'Code', width: 120 }, { field: 'Name', width: 200 }, { field: 'Price' }, { field: 'Kind' }, { field: 'ValidFrom' }] },
    tabs: [
      { id: 'main', label: { en: 'General', de: 'Allgemein', ar: 'عام' }, groups: [{ id: 'basics', fields: ['Code', 'Name', 'Kind', 'Disabled'] }] },
      { id: 'more', label: { en: 'More', de: 'Weiteres', ar: 'المزيد' }, groups: [{ id: 'details', fields: ['Price', 'ValidFrom', 'Note'] }] },
    ],
  },
};

/** The example as the editor shows it: pretty JSON, two spaces. */
export const EXAMPLE_TEXT = `${JSON.stringify(EXAMPLE_DOCUMENT, null, 2)}\n`;
