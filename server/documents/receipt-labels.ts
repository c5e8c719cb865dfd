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

// Languages whose script the PDF's built-in fonts carry; the others print English words (dates and numbers still
// follow the tenant's language).
const LABELS: Record<string, ReceiptLabels> = {
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
};

/** The labels of a language (its primary subtag); English for the others. */
export function receiptLabels(language: string): ReceiptLabels {
  return LABELS[language.split('-')[0]!.toLowerCase()] ?? EN;
}
