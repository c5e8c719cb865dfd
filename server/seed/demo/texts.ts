/** A text in the demo's languages; English stands in for a language not given. */
export type LocalText = { en: string } & Partial<Record<'de' | 'fr' | 'it' | 'es' | 'cs' | 'ja', string>>;

/** The text in a two-letter language, else English. */
export function local(text: LocalText, lang: string): string {
  return (text as Record<string, string | undefined>)[lang] ?? text.en;
}

/** Quantity units: code, names, symbol, decimals, base unit and factor. */
export const QUANTITY_UNITS: { code: string; name: LocalText; symbol: string; decimals: number; scale?: boolean; base?: string; factor?: number }[] = [
  { code: 'PCS', name: { en: 'Piece', de: 'Stück', fr: 'Pièce', it: 'Pezzo', es: 'Unidad', cs: 'Kus', ja: '個' }, symbol: 'pc', decimals: 0 },
  { code: 'KG', name: { en: 'Kilogram', de: 'Kilogramm', fr: 'Kilogramme', it: 'Chilogrammo', es: 'Kilogramo', cs: 'Kilogram', ja: 'キログラム' }, symbol: 'kg', decimals: 3, scale: true },
  { code: 'G', name: { en: 'Gram', de: 'Gramm', fr: 'Gramme', it: 'Grammo', es: 'Gramo', cs: 'Gram', ja: 'グラム' }, symbol: 'g', decimals: 0, scale: true, base: 'KG', factor: 0.001 },
  { code: 'L', name: { en: 'Litre', de: 'Liter', fr: 'Litre', it: 'Litro', es: 'Litro', cs: 'Litr', ja: 'リットル' }, symbol: 'l', decimals: 3 },
  { code: 'ML', name: { en: 'Millilitre', de: 'Milliliter', fr: 'Millilitre', it: 'Millilitro', es: 'Mililitro', cs: 'Mililitr', ja: 'ミリリットル' }, symbol: 'ml', decimals: 0, base: 'L', factor: 0.001 },
  { code: 'M', name: { en: 'Metre', de: 'Meter', fr: 'Mètre', it: 'Metro', es: 'Metro', cs: 'Metr', ja: 'メートル' }, symbol: 'm', decimals: 2 },
  { code: 'CM', name: { en: 'Centimetre', de: 'Zentimeter', fr: 'Centimètre', it: 'Centimetro', es: 'Centímetro', cs: 'Centimetr', ja: 'センチメートル' }, symbol: 'cm', decimals: 0, base: 'M', factor: 0.01 },
  { code: 'PAIR', name: { en: 'Pair', de: 'Paar', fr: 'Paire', it: 'Paio', es: 'Par', cs: 'Pár', ja: '足' }, symbol: 'pr', decimals: 0 },
];

/** Packing units: code, names, quantity unit and content, measures, deposit (in euro). */
export const PACKING_UNITS: { code: string; name: LocalText; unit: string; content: number; dims: [number, number, number]; weight: number; deposit?: number }[] = [
  { code: 'EA', name: { en: 'Single item', de: 'Einzelstück', fr: 'Unité', it: 'Pezzo singolo', es: 'Unidad suelta', cs: 'Jednotlivý kus', ja: '単品' }, unit: 'PCS', content: 1, dims: [120, 80, 40], weight: 0.25 },
  { code: 'PK6', name: { en: 'Six-pack', de: 'Sechserpack', fr: 'Pack de 6', it: 'Confezione da 6', es: 'Pack de 6', cs: 'Balení 6 ks', ja: '6個パック' }, unit: 'PCS', content: 6, dims: [260, 180, 250], weight: 3.2 },
  { code: 'CASE12', name: { en: 'Case of 12', de: 'Karton à 12', fr: 'Carton de 12', it: 'Cartone da 12', es: 'Caja de 12', cs: 'Karton 12 ks', ja: '12個入りケース' }, unit: 'PCS', content: 12, dims: [400, 300, 250], weight: 6.5 },
  { code: 'CRATE20', name: { en: 'Crate 20 × 0.5 l', de: 'Kasten 20 × 0,5 l', fr: 'Casier 20 × 0,5 l', it: 'Cassa 20 × 0,5 l', es: 'Caja 20 × 0,5 l', cs: 'Přepravka 20 × 0,5 l', ja: 'ケース 20本' }, unit: 'PCS', content: 20, dims: [400, 300, 280], weight: 17.5, deposit: 3.1 },
  { code: 'BAG1KG', name: { en: 'Bag 1 kg', de: 'Beutel 1 kg', fr: 'Sachet 1 kg', it: 'Sacchetto 1 kg', es: 'Bolsa 1 kg', cs: 'Sáček 1 kg', ja: '袋 1kg' }, unit: 'KG', content: 1, dims: [250, 180, 80], weight: 1.02 },
  { code: 'PALLET', name: { en: 'Euro pallet', de: 'Europalette', fr: 'Palette Europe', it: 'Bancale EUR', es: 'Palé europeo', cs: 'Europaleta', ja: 'ユーロパレット' }, unit: 'PCS', content: 480, dims: [1200, 800, 1500], weight: 650, deposit: 15 },
];

/** Reason texts of one reason kind: code, texts and the fields that differ per entry. */
export type ReasonRow = [code: string, text: LocalText, extra?: Record<string, unknown>];

/** The reason-like kinds of pos-operating and their entries. */
export const REASONS: Record<string, ReasonRow[]> = {
  'pos-operating/cancellation-reason': [
    ['WRONG-ITEM', { en: 'Wrong item scanned', de: 'Falscher Artikel gescannt' }, { AppliesTo: 'Line' }],
    ['CUST-CHANGE', { en: 'Customer changed mind', de: 'Kunde hat es sich anders überlegt' }, { AppliesTo: 'Both' }],
    ['PRICE-ERROR', { en: 'Price error', de: 'Preisfehler' }, { AppliesTo: 'Line', RequiresSupervisor: true }],
    ['PAY-FAILED', { en: 'Payment failed', de: 'Zahlung fehlgeschlagen' }, { AppliesTo: 'Document', RequiresComment: true, CommentMinLength: 10 }],
  ],
  'pos-operating/discount-reason': [
    ['DAMAGED', { en: 'Damaged packaging', de: 'Beschädigte Verpackung' }, { AppliesTo: 'Line', MaxDiscountPercent: 30, DefaultDiscountPercent: 10 }],
    ['STAFF', { en: 'Staff discount', de: 'Mitarbeiterrabatt' }, { AppliesTo: 'Document', MaxDiscountPercent: 20, DefaultDiscountPercent: 15, RequiresSupervisor: true, SupervisorThresholdPercent: 15 }],
    ['BEST-BEFORE', { en: 'Short best-before date', de: 'Kurzes Mindesthaltbarkeitsdatum' }, { AppliesTo: 'Line', MaxDiscountPercent: 50, DefaultDiscountPercent: 30 }],
    ['GOODWILL', { en: 'Goodwill', de: 'Kulanz' }, { AppliesTo: 'Both', MaxDiscountPercent: 100, RequiresSupervisor: true, SupervisorThresholdPercent: 10, RequiresComment: true }],
  ],
  'pos-operating/document-aborting-reason': [
    ['CUST-LEFT', { en: 'Customer left', de: 'Kunde gegangen' }],
    ['TECH', { en: 'Technical problem', de: 'Technische Störung' }, { RequiresComment: true, PrintAbortSlip: true }],
    ['TRAINING', { en: 'Training receipt', de: 'Schulungsbeleg' }],
  ],
  'pos-operating/document-item-characteristic-type': [
    ['SERIAL', { en: 'Serial number', de: 'Seriennummer' }, { ValueType: 'Text', MaxLength: 40, IsMandatory: true }],
    ['ENGRAVING', { en: 'Engraving text', de: 'Gravurtext' }, { ValueType: 'Text', MaxLength: 60 }],
    ['WEIGHT', { en: 'Net weight', de: 'Nettogewicht' }, { ValueType: 'Number', DecimalPlaces: 3 }],
    ['BEST-BEFORE', { en: 'Best-before date', de: 'Mindesthaltbarkeitsdatum' }, { ValueType: 'Date', PrintOnReceipt: false }],
    ['GIFT', { en: 'Gift wrapping', de: 'Geschenkverpackung' }, { ValueType: 'YesNo' }],
  ],
  'pos-operating/incoming-demand-reject-reason': [
    ['NO-STOCK', { en: 'Out of stock', de: 'Nicht vorrätig' }, { SuggestAlternativeLocation: true }],
    ['DISCONTINUED', { en: 'Item discontinued', de: 'Artikel ausgelistet' }],
    ['DUPLICATE', { en: 'Duplicate request', de: 'Doppelte Anforderung' }, { NotifySender: false, RequiresComment: true }],
  ],
  'pos-operating/inventory-reason': [
    ['BREAKAGE', { en: 'Breakage', de: 'Bruch' }, { StockDirection: -1, AccountNumber: '4900' }],
    ['THEFT', { en: 'Theft', de: 'Diebstahl' }, { StockDirection: -1, AccountNumber: '4910' }],
    ['FOUND', { en: 'Goods found', de: 'Ware gefunden' }, { StockDirection: 1 }],
    ['COUNT-DIFF', { en: 'Count difference', de: 'Zähldifferenz' }, { StockDirection: 0 }],
    ['SAMPLE', { en: 'Sample (no stock change)', de: 'Muster (ohne Bestand)' }, { AffectsStock: false, StockDirection: 0 }],
  ],
  'pos-operating/open-cash-drawer-reason': [
    ['CHANGE', { en: 'Give change', de: 'Wechselgeld' }],
    ['CHECK', { en: 'Cash check', de: 'Kassensturz' }, { RequiresSupervisor: true }],
    ['OTHER', { en: 'Other reason', de: 'Sonstiger Grund' }, { RequiresComment: true }],
  ],
  'pos-operating/relocation-transport-type': [
    ['OWN-TRUCK', { en: 'Own truck', de: 'Eigener Lkw' }, { IsOwnFleet: true, TransitDays: 1, MaxWeightKg: 7500 }],
    ['PARCEL', { en: 'Parcel service', de: 'Paketdienst' }, { CarrierName: 'DHL Paket', RequiresTrackingNumber: true, TrackingUrlTemplate: 'https://tracking.example.com/parcel', TransitDays: 2, MaxWeightKg: 31.5 }],
    ['FREIGHT', { en: 'Freight forwarder', de: 'Spedition' }, { CarrierName: 'Dachser', TransitDays: 3, MaxWeightKg: 24000 }],
    ['COURIER', { en: 'Same-day courier', de: 'Kurier (gleicher Tag)' }, { CarrierName: 'City Kurier', TransitDays: 0, MaxWeightKg: 30 }],
  ],
  'pos-operating/repair-reason': [
    ['WARRANTY', { en: 'Warranty repair', de: 'Garantiereparatur' }, { IsWarranty: true, EstimatedDays: 14 }],
    ['PAID', { en: 'Paid repair', de: 'Kostenpflichtige Reparatur' }, { DefaultRepairFee: 29.9, EstimatedDays: 10 }],
    ['ALTERATION', { en: 'Alteration', de: 'Änderungsschneiderei' }, { DefaultRepairFee: 12.5, EstimatedDays: 5 }],
  ],
  'pos-operating/reservation-reject-reason': [
    ['NOT-PICKED', { en: 'Not picked up in time', de: 'Nicht rechtzeitig abgeholt' }, { CustomerMessage: 'Your reservation has expired.' }],
    ['NO-STOCK', { en: 'Item not available', de: 'Artikel nicht verfügbar' }, { CustomerMessage: 'Unfortunately the item is no longer available.' }],
    ['CUST-CANCEL', { en: 'Cancelled by customer', de: 'Vom Kunden storniert' }, { NotifyCustomer: false }],
  ],
  'pos-operating/return-reason': [
    ['DEFECT', { en: 'Defective', de: 'Defekt' }, { IsDefective: true, ReturnToStock: false, MaxDaysAfterSale: 730 }],
    ['NOT-LIKED', { en: 'Did not like it', de: 'Gefällt nicht' }, { MaxDaysAfterSale: 30 }],
    ['WRONG-SIZE', { en: 'Wrong size', de: 'Falsche Größe' }, { MaxDaysAfterSale: 30 }],
    ['GOODWILL', { en: 'Goodwill without receipt', de: 'Kulanz ohne Beleg' }, { RequiresOriginalReceipt: false, MaxDaysAfterSale: 14 }],
  ],
};
