/** The words a rendered receipt prints, in the tenant's language. */
export interface ReceiptLabels {
  receipt: string;
  customerCopy: string;
  merchantCopy: string;
  total: string;
  taxRate: string;
  net: string;
  tax: string;
  gross: string;
  payments: string;
  operator: string;
  terminal: string;
  signature: string;
  /** The name of the server's own layout of a copy (variant `standard`). */
  standardVariant: string;
  methods: Record<string, string>;
}

/**
 * The product's nine languages (src/locales/*). A tenant of another language prints English words; its dates and
 * numbers still follow its language (receipt-format.ts).
 */
export const RECEIPT_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'ja', 'ru', 'ar', 'cs'] as const;
type ReceiptLanguage = (typeof RECEIPT_LANGUAGES)[number];

/** One word in each language, in the order of RECEIPT_LANGUAGES. */
type Words = readonly [string, string, string, string, string, string, string, string, string];

/**
 * The receipt's words as a table, a row per word and a column per language (en, de, fr, es, it, ja, ru, ar, cs), so
 * that a new word is one row and a new language one column rather than a copy of the whole set.
 */
const WORDS: Record<Exclude<keyof ReceiptLabels, 'methods'>, Words> = {
  receipt: ['Receipt', 'Beleg', 'Ticket', 'Recibo', 'Scontrino', 'レシート', 'Чек', 'إيصال', 'Účtenka'],
  customerCopy: ['Customer copy', 'Kundenbeleg', 'Copie client', 'Copia del cliente', 'Copia cliente', 'お客様控え', 'Экземпляр покупателя', 'نسخة العميل', 'Kopie pro zákazníka'],
  merchantCopy: ['Merchant copy', 'Händlerbeleg', 'Copie commerçant', 'Copia del comercio', 'Copia esercente', '店舗控え', 'Экземпляр продавца', 'نسخة التاجر', 'Kopie pro obchodníka'],
  total: ['Total', 'Summe', 'Total', 'Total', 'Totale', '合計', 'Итого', 'الإجمالي', 'Celkem'],
  taxRate: ['Tax rate', 'MwSt.-Satz', 'Taux de TVA', 'Tipo de IVA', 'Aliquota IVA', '税率', 'Ставка НДС', 'نسبة الضريبة', 'Sazba DPH'],
  net: ['Net', 'Netto', 'HT', 'Neto', 'Imponibile', '税抜', 'Без НДС', 'الصافي', 'Bez DPH'],
  tax: ['Tax', 'MwSt.', 'TVA', 'IVA', 'IVA', '消費税', 'НДС', 'الضريبة', 'DPH'],
  gross: ['Gross', 'Brutto', 'TTC', 'Bruto', 'Lordo', '税込', 'С НДС', 'الإجمالي شاملاً الضريبة', 'S DPH'],
  payments: ['Payments', 'Zahlungen', 'Paiements', 'Pagos', 'Pagamenti', '支払い', 'Оплата', 'المدفوعات', 'Platby'],
  operator: ['Operator', 'Bediener', 'Opérateur', 'Operador', 'Operatore', '担当者', 'Кассир', 'الكاشير', 'Pokladní'],
  terminal: ['Terminal', 'Kasse', 'Caisse', 'Caja', 'Cassa', 'レジ', 'Касса', 'نقطة البيع', 'Pokladna'],
  standardVariant: ['Standard', 'Standard', 'Standard', 'Estándar', 'Standard', '標準', 'Стандартный', 'قياسي', 'Standardní'],
  signature: ['Signature', 'Unterschrift', 'Signature', 'Firma', 'Firma', '署名', 'Подпись', 'التوقيع', 'Podpis'],
};

/** The payment methods' names, as WORDS. */
const METHODS: Record<string, Words> = {
  cash: ['Cash', 'Bar', 'Espèces', 'Efectivo', 'Contanti', '現金', 'Наличные', 'نقدًا', 'Hotově'],
  card: ['Card', 'Karte', 'Carte', 'Tarjeta', 'Carta', 'カード', 'Карта', 'بطاقة', 'Karta'],
  voucher: ['Voucher', 'Gutschein', 'Bon', 'Vale', 'Buono', '商品券', 'Ваучер', 'قسيمة', 'Poukázka'],
  mobile: ['Mobile', 'Mobil', 'Mobile', 'Móvil', 'Mobile', 'モバイル決済', 'Мобильный платёж', 'دفع عبر الجوال', 'Mobilní platba'],
};

const column = (table: Record<string, Words>, index: number) => Object.fromEntries(Object.entries(table).map(([key, words]) => [key, words[index]!]));

const LABELS = Object.fromEntries(
  RECEIPT_LANGUAGES.map((language, index) => [language, { ...column(WORDS, index), methods: column(METHODS, index) } as ReceiptLabels]),
) as Record<ReceiptLanguage, ReceiptLabels>;

/** The labels of a language (its primary subtag); English for the others. */
export function receiptLabels(language: string): ReceiptLabels {
  return (LABELS as Record<string, ReceiptLabels>)[language.split('-')[0]!.toLowerCase()] ?? LABELS.en;
}
