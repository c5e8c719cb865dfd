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
  methods: Record<string, string>;
}

const EN: ReceiptLabels = {
  receipt: 'Receipt',
  customerCopy: 'Customer copy',
  merchantCopy: 'Merchant copy',
  total: 'Total',
  taxRate: 'Tax rate',
  net: 'Net',
  tax: 'Tax',
  gross: 'Gross',
  payments: 'Payments',
  operator: 'Operator',
  terminal: 'Terminal',
  signature: 'Signature',
  methods: { cash: 'Cash', card: 'Card', voucher: 'Voucher', mobile: 'Mobile' },
};

/**
 * The product's nine languages (src/locales/*). A tenant of another language prints English words; its dates and
 * numbers still follow its language (receipt-format.ts).
 */
export const RECEIPT_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'ja', 'ru', 'ar', 'cs'] as const;

const LABELS: Record<(typeof RECEIPT_LANGUAGES)[number], ReceiptLabels> = {
  en: EN,
  de: {
    receipt: 'Beleg', customerCopy: 'Kundenbeleg', merchantCopy: 'Händlerbeleg', total: 'Summe', taxRate: 'MwSt.-Satz', net: 'Netto', tax: 'MwSt.', gross: 'Brutto',
    payments: 'Zahlungen', operator: 'Bediener', terminal: 'Kasse', signature: 'Unterschrift', methods: { cash: 'Bar', card: 'Karte', voucher: 'Gutschein', mobile: 'Mobil' },
  },
  fr: {
    receipt: 'Ticket', customerCopy: 'Copie client', merchantCopy: 'Copie commerçant', total: 'Total', taxRate: 'Taux de TVA', net: 'HT', tax: 'TVA', gross: 'TTC',
    payments: 'Paiements', operator: 'Opérateur', terminal: 'Caisse', signature: 'Signature', methods: { cash: 'Espèces', card: 'Carte', voucher: 'Bon', mobile: 'Mobile' },
  },
  es: {
    receipt: 'Recibo', customerCopy: 'Copia del cliente', merchantCopy: 'Copia del comercio', total: 'Total', taxRate: 'Tipo de IVA', net: 'Neto', tax: 'IVA', gross: 'Bruto',
    payments: 'Pagos', operator: 'Operador', terminal: 'Caja', signature: 'Firma', methods: { cash: 'Efectivo', card: 'Tarjeta', voucher: 'Vale', mobile: 'Móvil' },
  },
  it: {
    receipt: 'Scontrino', customerCopy: 'Copia cliente', merchantCopy: 'Copia esercente', total: 'Totale', taxRate: 'Aliquota IVA', net: 'Imponibile', tax: 'IVA', gross: 'Lordo',
    payments: 'Pagamenti', operator: 'Operatore', terminal: 'Cassa', signature: 'Firma', methods: { cash: 'Contanti', card: 'Carta', voucher: 'Buono', mobile: 'Mobile' },
  },
  ja: {
    receipt: 'レシート', customerCopy: 'お客様控え', merchantCopy: '店舗控え', total: '合計', taxRate: '税率', net: '税抜', tax: '消費税', gross: '税込',
    payments: '支払い', operator: '担当者', terminal: 'レジ', signature: '署名', methods: { cash: '現金', card: 'カード', voucher: '商品券', mobile: 'モバイル決済' },
  },
  ru: {
    receipt: 'Чек', customerCopy: 'Экземпляр покупателя', merchantCopy: 'Экземпляр продавца', total: 'Итого', taxRate: 'Ставка НДС', net: 'Без НДС', tax: 'НДС', gross: 'С НДС',
    payments: 'Оплата', operator: 'Кассир', terminal: 'Касса', signature: 'Подпись', methods: { cash: 'Наличные', card: 'Карта', voucher: 'Ваучер', mobile: 'Мобильный платёж' },
  },
  ar: {
    receipt: 'إيصال', customerCopy: 'نسخة العميل', merchantCopy: 'نسخة التاجر', total: 'الإجمالي', taxRate: 'نسبة الضريبة', net: 'الصافي', tax: 'الضريبة', gross: 'الإجمالي شاملاً الضريبة',
    payments: 'المدفوعات', operator: 'الكاشير', terminal: 'نقطة البيع', signature: 'التوقيع', methods: { cash: 'نقدًا', card: 'بطاقة', voucher: 'قسيمة', mobile: 'دفع عبر الجوال' },
  },
  cs: {
    receipt: 'Účtenka', customerCopy: 'Kopie pro zákazníka', merchantCopy: 'Kopie pro obchodníka', total: 'Celkem', taxRate: 'Sazba DPH', net: 'Bez DPH', tax: 'DPH', gross: 'S DPH',
    payments: 'Platby', operator: 'Pokladní', terminal: 'Pokladna', signature: 'Podpis', methods: { cash: 'Hotově', card: 'Karta', voucher: 'Poukázka', mobile: 'Mobilní platba' },
  },
};

/** The labels of a language (its primary subtag); English for the others. */
export function receiptLabels(language: string): ReceiptLabels {
  return (LABELS as Record<string, ReceiptLabels>)[language.split('-')[0]!.toLowerCase()] ?? EN;
}
