/** A city where the demo puts a location: real postal code, region and coordinates. */
export interface DemoCity {
  code: string;
  city: string;
  postalCode: string;
  region: string;
  lat: number;
  lon: number;
}

/** A tax of a country, at the rate in force in 2025. */
export interface DemoTax {
  code: string;
  name: string;
  category: 'Standard' | 'Reduced' | 'SuperReduced' | 'Zero' | 'Exempt';
  rate: number;
  isDefault?: boolean;
  exemptionReason?: string;
}

/** What the demo data knows of one country. */
export interface DemoCountry {
  code: string;
  currency: string;
  /** The tenant's language (may carry a region, e.g. de-CH). */
  language: string;
  timeZone: string;
  phonePrefix: string;
  cities: DemoCity[];
  /** Street names; `numberAfterStreet` says whether the house number follows the name. */
  streets: string[];
  numberAfterStreet: boolean;
  payment: { protocol: 'ZVT' | 'OPI' | 'NEXO' | 'VENDOR'; manufacturer: string; model: string };
  taxes: DemoTax[];
}

const de: DemoCountry = {
  code: 'DE',
  currency: 'EUR',
  language: 'de',
  timeZone: 'Europe/Berlin',
  phonePrefix: '+49',
  cities: [
    { code: 'BER', city: 'Berlin', postalCode: '10117', region: 'Berlin', lat: 52.5163, lon: 13.3889 },
    { code: 'MUC', city: 'München', postalCode: '80331', region: 'Bayern', lat: 48.1374, lon: 11.5755 },
    { code: 'HAM', city: 'Hamburg', postalCode: '20095', region: 'Hamburg', lat: 53.5511, lon: 9.9937 },
    { code: 'CGN', city: 'Köln', postalCode: '50667', region: 'Nordrhein-Westfalen', lat: 50.9384, lon: 6.9599 },
    { code: 'FRA', city: 'Frankfurt am Main', postalCode: '60311', region: 'Hessen', lat: 50.1106, lon: 8.6821 },
    { code: 'LEJ', city: 'Leipzig', postalCode: '04109', region: 'Sachsen', lat: 51.3397, lon: 12.3731 },
    { code: 'STR', city: 'Stuttgart', postalCode: '70173', region: 'Baden-Württemberg', lat: 48.7758, lon: 9.1829 },
  ],
  streets: ['Hauptstraße', 'Bahnhofstraße', 'Schillerstraße', 'Goethestraße', 'Königstraße', 'Marktplatz', 'Friedrichstraße', 'Lindenallee'],
  numberAfterStreet: true,
  payment: { protocol: 'ZVT', manufacturer: 'Ingenico', model: 'Move/5000' },
  taxes: [
    { code: 'VAT19', name: 'Umsatzsteuer 19 %', category: 'Standard', rate: 19, isDefault: true },
    { code: 'VAT7', name: 'Umsatzsteuer 7 %', category: 'Reduced', rate: 7 },
    { code: 'VAT0', name: 'Nullsatz (Photovoltaik)', category: 'Zero', rate: 0 },
    { code: 'EXEMPT', name: 'Steuerfrei', category: 'Exempt', rate: 0, exemptionReason: 'Steuerfrei nach § 4 UStG' },
  ],
};

const at: DemoCountry = {
  code: 'AT',
  currency: 'EUR',
  language: 'de',
  timeZone: 'Europe/Vienna',
  phonePrefix: '+43',
  cities: [
    { code: 'VIE', city: 'Wien', postalCode: '1010', region: 'Wien', lat: 48.2082, lon: 16.3738 },
    { code: 'GRZ', city: 'Graz', postalCode: '8010', region: 'Steiermark', lat: 47.0707, lon: 15.4395 },
    { code: 'LNZ', city: 'Linz', postalCode: '4020', region: 'Oberösterreich', lat: 48.3069, lon: 14.2858 },
    { code: 'SZG', city: 'Salzburg', postalCode: '5020', region: 'Salzburg', lat: 47.8095, lon: 13.055 },
    { code: 'INN', city: 'Innsbruck', postalCode: '6020', region: 'Tirol', lat: 47.2692, lon: 11.4041 },
  ],
  streets: ['Mariahilfer Straße', 'Herrengasse', 'Landstraße', 'Getreidegasse', 'Maria-Theresien-Straße', 'Hauptplatz'],
  numberAfterStreet: true,
  payment: { protocol: 'ZVT', manufacturer: 'Hobex', model: 'ECR-Terminal' },
  taxes: [
    { code: 'UST20', name: 'Umsatzsteuer 20 %', category: 'Standard', rate: 20, isDefault: true },
    { code: 'UST10', name: 'Umsatzsteuer 10 %', category: 'Reduced', rate: 10 },
    { code: 'UST13', name: 'Umsatzsteuer 13 %', category: 'Reduced', rate: 13 },
    { code: 'EXEMPT', name: 'Steuerbefreit', category: 'Exempt', rate: 0, exemptionReason: 'Steuerbefreit gemäß § 6 UStG' },
  ],
};

const ch: DemoCountry = {
  code: 'CH',
  currency: 'CHF',
  language: 'de-CH',
  timeZone: 'Europe/Zurich',
  phonePrefix: '+41',
  cities: [
    { code: 'ZRH', city: 'Zürich', postalCode: '8001', region: 'Zürich', lat: 47.3769, lon: 8.5417 },
    { code: 'BRN', city: 'Bern', postalCode: '3011', region: 'Bern', lat: 46.948, lon: 7.4474 },
    { code: 'BSL', city: 'Basel', postalCode: '4051', region: 'Basel-Stadt', lat: 47.5596, lon: 7.5886 },
    { code: 'LUZ', city: 'Luzern', postalCode: '6003', region: 'Luzern', lat: 47.0502, lon: 8.3093 },
    { code: 'SGL', city: 'St. Gallen', postalCode: '9000', region: 'St. Gallen', lat: 47.4245, lon: 9.3767 },
  ],
  streets: ['Bahnhofstrasse', 'Marktgasse', 'Freie Strasse', 'Spitalgasse', 'Limmatquai', 'Seestrasse'],
  numberAfterStreet: true,
  payment: { protocol: 'OPI', manufacturer: 'Worldline', model: 'Yomani XR' },
  taxes: [
    { code: 'MWST81', name: 'MWST 8,1 %', category: 'Standard', rate: 8.1, isDefault: true },
    { code: 'MWST26', name: 'MWST 2,6 %', category: 'Reduced', rate: 2.6 },
    { code: 'MWST38', name: 'MWST 3,8 % (Beherbergung)', category: 'Reduced', rate: 3.8 },
    { code: 'EXEMPT', name: 'Von der Steuer ausgenommen', category: 'Exempt', rate: 0, exemptionReason: 'Ausgenommen nach Art. 21 MWSTG' },
  ],
};

const fr: DemoCountry = {
  code: 'FR',
  currency: 'EUR',
  language: 'fr',
  timeZone: 'Europe/Paris',
  phonePrefix: '+33',
  cities: [
    { code: 'PAR', city: 'Paris', postalCode: '75001', region: 'Île-de-France', lat: 48.8606, lon: 2.3376 },
    { code: 'LYS', city: 'Lyon', postalCode: '69002', region: 'Auvergne-Rhône-Alpes', lat: 45.7578, lon: 4.832 },
    { code: 'MRS', city: 'Marseille', postalCode: '13001', region: "Provence-Alpes-Côte d'Azur", lat: 43.2965, lon: 5.3698 },
    { code: 'TLS', city: 'Toulouse', postalCode: '31000', region: 'Occitanie', lat: 43.6047, lon: 1.4442 },
    { code: 'BOD', city: 'Bordeaux', postalCode: '33000', region: 'Nouvelle-Aquitaine', lat: 44.8378, lon: -0.5792 },
    { code: 'LIL', city: 'Lille', postalCode: '59000', region: 'Hauts-de-France', lat: 50.6292, lon: 3.0573 },
  ],
  streets: ['rue de la République', 'avenue Jean Jaurès', 'boulevard Victor Hugo', 'rue Nationale', 'place de la Comédie', 'rue du Commerce'],
  numberAfterStreet: false,
  payment: { protocol: 'NEXO', manufacturer: 'Ingenico', model: 'Desk/3500' },
  taxes: [
    { code: 'TVA20', name: 'TVA 20 %', category: 'Standard', rate: 20, isDefault: true },
    { code: 'TVA10', name: 'TVA 10 %', category: 'Reduced', rate: 10 },
    { code: 'TVA55', name: 'TVA 5,5 %', category: 'Reduced', rate: 5.5 },
    { code: 'TVA21', name: 'TVA 2,1 %', category: 'SuperReduced', rate: 2.1 },
    { code: 'EXO', name: 'Exonéré', category: 'Exempt', rate: 0, exemptionReason: 'Exonération de TVA, article 261 du CGI' },
  ],
};

const it: DemoCountry = {
  code: 'IT',
  currency: 'EUR',
  language: 'it',
  timeZone: 'Europe/Rome',
  phonePrefix: '+39',
  cities: [
    { code: 'MIL', city: 'Milano', postalCode: '20121', region: 'Lombardia', lat: 45.4642, lon: 9.19 },
    { code: 'ROM', city: 'Roma', postalCode: '00184', region: 'Lazio', lat: 41.9028, lon: 12.4964 },
    { code: 'TRN', city: 'Torino', postalCode: '10121', region: 'Piemonte', lat: 45.0703, lon: 7.6869 },
    { code: 'BLQ', city: 'Bologna', postalCode: '40121', region: 'Emilia-Romagna', lat: 44.4949, lon: 11.3426 },
    { code: 'FLR', city: 'Firenze', postalCode: '50123', region: 'Toscana', lat: 43.7696, lon: 11.2558 },
    { code: 'NAP', city: 'Napoli', postalCode: '80133', region: 'Campania', lat: 40.8518, lon: 14.2681 },
  ],
  streets: ['Via Roma', 'Corso Vittorio Emanuele II', 'Via Garibaldi', 'Via Dante', 'Piazza del Duomo', 'Via Mazzini'],
  numberAfterStreet: true,
  payment: { protocol: 'NEXO', manufacturer: 'PAX', model: 'A920 Pro' },
  taxes: [
    { code: 'IVA22', name: 'IVA 22%', category: 'Standard', rate: 22, isDefault: true },
    { code: 'IVA10', name: 'IVA 10%', category: 'Reduced', rate: 10 },
    { code: 'IVA5', name: 'IVA 5%', category: 'Reduced', rate: 5 },
    { code: 'IVA4', name: 'IVA 4%', category: 'SuperReduced', rate: 4 },
    { code: 'ESENTE', name: 'Esente IVA', category: 'Exempt', rate: 0, exemptionReason: 'Esente art. 10 DPR 633/72' },
  ],
};

const es: DemoCountry = {
  code: 'ES',
  currency: 'EUR',
  language: 'es',
  timeZone: 'Europe/Madrid',
  phonePrefix: '+34',
  cities: [
    { code: 'MAD', city: 'Madrid', postalCode: '28013', region: 'Comunidad de Madrid', lat: 40.4168, lon: -3.7038 },
    { code: 'BCN', city: 'Barcelona', postalCode: '08002', region: 'Cataluña', lat: 41.3851, lon: 2.1734 },
    { code: 'VLC', city: 'Valencia', postalCode: '46002', region: 'Comunidad Valenciana', lat: 39.4699, lon: -0.3763 },
    { code: 'SVQ', city: 'Sevilla', postalCode: '41004', region: 'Andalucía', lat: 37.3891, lon: -5.9845 },
    { code: 'BIO', city: 'Bilbao', postalCode: '48001', region: 'País Vasco', lat: 43.263, lon: -2.935 },
    { code: 'ZAZ', city: 'Zaragoza', postalCode: '50001', region: 'Aragón', lat: 41.6488, lon: -0.8891 },
  ],
  streets: ['Calle Mayor', 'Gran Vía', 'Avenida de la Constitución', 'Calle de Alcalá', 'Paseo de Gracia', 'Calle Real'],
  numberAfterStreet: true,
  payment: { protocol: 'NEXO', manufacturer: 'Verifone', model: 'V400m' },
  taxes: [
    { code: 'IVA21', name: 'IVA 21 %', category: 'Standard', rate: 21, isDefault: true },
    { code: 'IVA10', name: 'IVA 10 %', category: 'Reduced', rate: 10 },
    { code: 'IVA4', name: 'IVA 4 %', category: 'SuperReduced', rate: 4 },
    { code: 'EXENTO', name: 'Exento de IVA', category: 'Exempt', rate: 0, exemptionReason: 'Exento según art. 20 Ley 37/1992' },
  ],
};

const cz: DemoCountry = {
  code: 'CZ',
  currency: 'CZK',
  language: 'cs',
  timeZone: 'Europe/Prague',
  phonePrefix: '+420',
  cities: [
    { code: 'PRG', city: 'Praha', postalCode: '110 00', region: 'Hlavní město Praha', lat: 50.0755, lon: 14.4378 },
    { code: 'BRQ', city: 'Brno', postalCode: '602 00', region: 'Jihomoravský kraj', lat: 49.1951, lon: 16.6068 },
    { code: 'OSR', city: 'Ostrava', postalCode: '702 00', region: 'Moravskoslezský kraj', lat: 49.8209, lon: 18.2625 },
    { code: 'PLZ', city: 'Plzeň', postalCode: '301 00', region: 'Plzeňský kraj', lat: 49.7384, lon: 13.3736 },
    { code: 'OLO', city: 'Olomouc', postalCode: '779 00', region: 'Olomoucký kraj', lat: 49.5938, lon: 17.2509 },
  ],
  streets: ['Národní', 'Masarykova', 'Husova', 'Palackého', 'Náměstí Republiky', 'Nádražní'],
  numberAfterStreet: true,
  payment: { protocol: 'VENDOR', manufacturer: 'Ingenico', model: 'Lane/3000' },
  taxes: [
    { code: 'DPH21', name: 'DPH 21 %', category: 'Standard', rate: 21, isDefault: true },
    { code: 'DPH12', name: 'DPH 12 %', category: 'Reduced', rate: 12 },
    { code: 'DPH0', name: 'DPH 0 %', category: 'Zero', rate: 0 },
    { code: 'OSVOB', name: 'Osvobozeno od DPH', category: 'Exempt', rate: 0, exemptionReason: 'Osvobozeno podle § 51 zákona o DPH' },
  ],
};

const jp: DemoCountry = {
  code: 'JP',
  currency: 'JPY',
  language: 'ja',
  timeZone: 'Asia/Tokyo',
  phonePrefix: '+81',
  cities: [
    { code: 'TYO', city: '千代田区', postalCode: '100-0005', region: '東京都', lat: 35.6812, lon: 139.7671 },
    { code: 'OSA', city: '大阪市北区', postalCode: '530-0001', region: '大阪府', lat: 34.7025, lon: 135.4959 },
    { code: 'YOK', city: '横浜市西区', postalCode: '220-0011', region: '神奈川県', lat: 35.4658, lon: 139.6223 },
    { code: 'NGO', city: '名古屋市中村区', postalCode: '450-0002', region: '愛知県', lat: 35.1709, lon: 136.8815 },
    { code: 'FUK', city: '福岡市博多区', postalCode: '812-0011', region: '福岡県', lat: 33.5902, lon: 130.4207 },
    { code: 'SPK', city: '札幌市中央区', postalCode: '060-0005', region: '北海道', lat: 43.0687, lon: 141.3508 },
  ],
  streets: ['丸の内', '梅田', '南幸', '名駅', '博多駅前', '北五条西'],
  numberAfterStreet: true,
  payment: { protocol: 'VENDOR', manufacturer: 'Panasonic', model: 'JT-C16' },
  taxes: [
    { code: 'CT10', name: '消費税 10%', category: 'Standard', rate: 10, isDefault: true },
    { code: 'CT8', name: '消費税 8%（軽減税率）', category: 'Reduced', rate: 8 },
    { code: 'HIKAZEI', name: '非課税', category: 'Exempt', rate: 0, exemptionReason: '消費税法第6条による非課税取引' },
  ],
};

/** The countries of the demo tenants, by ISO code. */
export const DEMO_COUNTRIES: Readonly<Record<string, DemoCountry>> = { DE: de, AT: at, CH: ch, FR: fr, IT: it, ES: es, CZ: cz, JP: jp };

/** One demo tenant: the group's root and one subsidiary per country. */
export interface DemoTenant {
  id: string;
  name: string;
  legalName: string;
  country: string;
  vatNumber: string;
  taxNumber: string;
  website: string;
  emailDomain: string;
  root?: boolean;
}

/** The tenants in insertion order: the root first, then the first child (DE) that holds the articles. */
export const DEMO_TENANTS: readonly DemoTenant[] = [
  { id: 'MATE', name: 'Mate Retail Group', legalName: 'Mate Retail Group SE', country: 'DE', vatNumber: 'DE814563209', taxNumber: '27/815/40021', website: 'https://www.mate-retail.example', emailDomain: 'mate-retail.example', root: true },
  { id: 'MATE-DE', name: 'Mate Deutschland', legalName: 'Mate Deutschland GmbH', country: 'DE', vatNumber: 'DE297346581', taxNumber: '143/257/30812', website: 'https://de.mate-retail.example', emailDomain: 'de.mate-retail.example' },
  { id: 'MATE-AT', name: 'Mate Österreich', legalName: 'Mate Handels GmbH', country: 'AT', vatNumber: 'ATU68412937', taxNumber: '09 312/4567', website: 'https://at.mate-retail.example', emailDomain: 'at.mate-retail.example' },
  { id: 'MATE-CH', name: 'Mate Schweiz', legalName: 'Mate Schweiz AG', country: 'CH', vatNumber: 'CHE432817659', taxNumber: 'CHE-432.817.659', website: 'https://ch.mate-retail.example', emailDomain: 'ch.mate-retail.example' },
  { id: 'MATE-FR', name: 'Mate France', legalName: 'Mate France SAS', country: 'FR', vatNumber: 'FR47852369741', taxNumber: '852 369 741', website: 'https://fr.mate-retail.example', emailDomain: 'fr.mate-retail.example' },
  { id: 'MATE-IT', name: 'Mate Italia', legalName: 'Mate Italia S.r.l.', country: 'IT', vatNumber: 'IT09876543217', taxNumber: '09876543217', website: 'https://it.mate-retail.example', emailDomain: 'it.mate-retail.example' },
  { id: 'MATE-ES', name: 'Mate España', legalName: 'Mate Retail España S.L.', country: 'ES', vatNumber: 'ESB87654321', taxNumber: 'B87654321', website: 'https://es.mate-retail.example', emailDomain: 'es.mate-retail.example' },
  { id: 'MATE-CZ', name: 'Mate Česko', legalName: 'Mate Česko s.r.o.', country: 'CZ', vatNumber: 'CZ27456189', taxNumber: '27456189', website: 'https://cz.mate-retail.example', emailDomain: 'cz.mate-retail.example' },
  { id: 'MATE-JP', name: 'メイト・ジャパン', legalName: 'メイト・ジャパン株式会社', country: 'JP', vatNumber: 'JPT7010401123456', taxNumber: '7010401123456', website: 'https://jp.mate-retail.example', emailDomain: 'jp.mate-retail.example' },
];

/** The two-letter language of a country (salutations and titles take no region). */
export function languageOf(country: DemoCountry): string {
  return country.language.slice(0, 2);
}
