/** A person's name in the country's script, with an ASCII form for e-mail addresses. */
export interface DemoName {
  text: string;
  ascii: string;
}

/** First and last names of a country; `lastFemale` where the surname changes with gender (Czech). */
export interface DemoNames {
  female: string[];
  male: string[];
  last: string[];
  lastFemale?: string[];
}

const GERMAN_FIRST = {
  female: ['Anna', 'Julia', 'Laura', 'Lea', 'Sophie', 'Katharina', 'Sabine', 'Petra', 'Claudia', 'Monika', 'Lena', 'Marie'],
  male: ['Thomas', 'Michael', 'Andreas', 'Stefan', 'Jan', 'Lukas', 'Felix', 'Jonas', 'Markus', 'Tobias', 'Klaus', 'Peter'],
};

/** Names by country code. Japanese entries are "kanji|romaji". */
export const DEMO_NAMES: Readonly<Record<string, DemoNames>> = {
  DE: { ...GERMAN_FIRST, last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter', 'Klein', 'Wolf'] },
  AT: { ...GERMAN_FIRST, last: ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer', 'Leitner', 'Berger', 'Fuchs'] },
  CH: { ...GERMAN_FIRST, last: ['Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Schneider', 'Steiner', 'Brunner', 'Baumann', 'Frei', 'Zimmermann'] },
  FR: {
    female: ['Camille', 'Léa', 'Manon', 'Chloé', 'Emma', 'Inès', 'Julie', 'Sophie', 'Claire', 'Nathalie'],
    male: ['Lucas', 'Hugo', 'Louis', 'Gabriel', 'Nicolas', 'Julien', 'Thomas', 'Antoine', 'Pierre', 'Mathieu'],
    last: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèvre', 'Michel'],
  },
  IT: {
    female: ['Giulia', 'Francesca', 'Chiara', 'Sara', 'Martina', 'Valentina', 'Alessandra', 'Elena', 'Federica', 'Silvia'],
    male: ['Marco', 'Alessandro', 'Luca', 'Giuseppe', 'Francesco', 'Matteo', 'Andrea', 'Lorenzo', 'Davide', 'Stefano'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'De Luca'],
  },
  ES: {
    female: ['María', 'Lucía', 'Carmen', 'Laura', 'Marta', 'Ana', 'Paula', 'Elena', 'Sara', 'Cristina'],
    male: ['Antonio', 'José', 'Manuel', 'Francisco', 'David', 'Javier', 'Daniel', 'Carlos', 'Alejandro', 'Pablo'],
    last: ['García', 'Rodríguez', 'González', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz'],
  },
  CZ: {
    female: ['Jana', 'Marie', 'Eva', 'Hana', 'Anna', 'Lenka', 'Kateřina', 'Lucie', 'Petra', 'Tereza'],
    male: ['Jiří', 'Jan', 'Petr', 'Josef', 'Pavel', 'Martin', 'Tomáš', 'Jaroslav', 'Miroslav', 'Lukáš'],
    last: ['Novák', 'Svoboda', 'Novotný', 'Dvořák', 'Černý', 'Procházka', 'Kučera', 'Veselý', 'Horák', 'Němec'],
    lastFemale: ['Nováková', 'Svobodová', 'Novotná', 'Dvořáková', 'Černá', 'Procházková', 'Kučerová', 'Veselá', 'Horáková', 'Němcová'],
  },
  JP: {
    female: ['陽子|yoko', '美咲|misaki', '由美|yumi', '恵子|keiko', 'さくら|sakura', '花子|hanako', '愛|ai', '真由美|mayumi'],
    male: ['太郎|taro', '健太|kenta', '翔太|shota', '大輔|daisuke', '誠|makoto', '拓也|takuya', '浩|hiroshi', '隆|takashi'],
    last: ['佐藤|sato', '鈴木|suzuki', '高橋|takahashi', '田中|tanaka', '伊藤|ito', '渡辺|watanabe', '山本|yamamoto', '中村|nakamura', '小林|kobayashi', '加藤|kato'],
  },
};

/** "Müller" -> { text: 'Müller', ascii: 'mueller' }; "佐藤|sato" -> { text: '佐藤', ascii: 'sato' }. */
export function demoName(entry: string): DemoName {
  const [text, romaji] = entry.split('|') as [string, string | undefined];
  return { text, ascii: romaji ?? asciiOf(text) };
}

/** A lower-case ASCII form for e-mail local parts and host names. */
export function asciiOf(text: string): string {
  return text
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/Ä/g, 'Ae').replace(/Ö/g, 'Oe').replace(/Ü/g, 'Ue').replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** A salutation of a language (Gender: 0 unspecified, 1 female, 2 male, 3 diverse). */
export interface DemoSalutation {
  code: string;
  name: string;
  letter: string;
  forCompanies: boolean;
  gender: 0 | 1 | 2 | 3;
}

/** Salutations by two-letter language. */
export const DEMO_SALUTATIONS: Readonly<Record<string, DemoSalutation[]>> = {
  de: [
    { code: 'FRAU', name: 'Frau', letter: 'Sehr geehrte Frau', forCompanies: false, gender: 1 },
    { code: 'HERR', name: 'Herr', letter: 'Sehr geehrter Herr', forCompanies: false, gender: 2 },
    { code: 'DIVERS', name: 'Divers', letter: 'Guten Tag', forCompanies: false, gender: 3 },
    { code: 'FAMILIE', name: 'Familie', letter: 'Liebe Familie', forCompanies: false, gender: 0 },
    { code: 'FIRMA', name: 'Firma', letter: 'Sehr geehrte Damen und Herren', forCompanies: true, gender: 0 },
  ],
  fr: [
    { code: 'MME', name: 'Madame', letter: 'Chère Madame', forCompanies: false, gender: 1 },
    { code: 'M', name: 'Monsieur', letter: 'Cher Monsieur', forCompanies: false, gender: 2 },
    { code: 'STE', name: 'Société', letter: 'Madame, Monsieur', forCompanies: true, gender: 0 },
  ],
  it: [
    { code: 'SIGRA', name: 'Signora', letter: 'Gentile Signora', forCompanies: false, gender: 1 },
    { code: 'SIG', name: 'Signor', letter: 'Gentile Signor', forCompanies: false, gender: 2 },
    { code: 'SPETT', name: 'Spett.le', letter: 'Spettabile ditta', forCompanies: true, gender: 0 },
  ],
  es: [
    { code: 'SRA', name: 'Señora', letter: 'Estimada señora', forCompanies: false, gender: 1 },
    { code: 'SR', name: 'Señor', letter: 'Estimado señor', forCompanies: false, gender: 2 },
    { code: 'EMPRESA', name: 'Empresa', letter: 'Estimados señores', forCompanies: true, gender: 0 },
  ],
  cs: [
    { code: 'PANI', name: 'Paní', letter: 'Vážená paní', forCompanies: false, gender: 1 },
    { code: 'PAN', name: 'Pan', letter: 'Vážený pane', forCompanies: false, gender: 2 },
    { code: 'FIRMA', name: 'Firma', letter: 'Vážení obchodní přátelé', forCompanies: true, gender: 0 },
  ],
  ja: [
    { code: 'SAMA', name: '様', letter: 'いつもお世話になっております。', forCompanies: false, gender: 0 },
    { code: 'ONCHU', name: '御中', letter: '拝啓 時下ますますご清栄のこととお慶び申し上げます。', forCompanies: true, gender: 0 },
  ],
};

/** An academic or professional title of a language. */
export interface DemoTitle {
  code: string;
  name: string;
  abbreviation: string;
  after?: boolean;
}

/** Titles by two-letter language. */
export const DEMO_TITLES: Readonly<Record<string, DemoTitle[]>> = {
  de: [
    { code: 'DR', name: 'Doktor', abbreviation: 'Dr.' },
    { code: 'PROF', name: 'Professor', abbreviation: 'Prof.' },
    { code: 'PROFDR', name: 'Professor Doktor', abbreviation: 'Prof. Dr.' },
    { code: 'DIPLING', name: 'Diplom-Ingenieur', abbreviation: 'Dipl.-Ing.' },
    { code: 'MAG', name: 'Magister', abbreviation: 'Mag.' },
    { code: 'MBA', name: 'Master of Business Administration', abbreviation: 'MBA', after: true },
  ],
  fr: [
    { code: 'DR', name: 'Docteur', abbreviation: 'Dr' },
    { code: 'PR', name: 'Professeur', abbreviation: 'Pr' },
    { code: 'ME', name: 'Maître', abbreviation: 'Me' },
  ],
  it: [
    { code: 'DOTT', name: 'Dottore', abbreviation: 'Dott.' },
    { code: 'DOTTSSA', name: 'Dottoressa', abbreviation: 'Dott.ssa' },
    { code: 'ING', name: 'Ingegnere', abbreviation: 'Ing.' },
    { code: 'AVV', name: 'Avvocato', abbreviation: 'Avv.' },
    { code: 'PROF', name: 'Professore', abbreviation: 'Prof.' },
  ],
  es: [
    { code: 'DR', name: 'Doctor', abbreviation: 'Dr.' },
    { code: 'DRA', name: 'Doctora', abbreviation: 'Dra.' },
    { code: 'LIC', name: 'Licenciado', abbreviation: 'Lic.' },
  ],
  cs: [
    { code: 'ING', name: 'Inženýr', abbreviation: 'Ing.' },
    { code: 'MGR', name: 'Magistr', abbreviation: 'Mgr.' },
    { code: 'MUDR', name: 'Doktor medicíny', abbreviation: 'MUDr.' },
    { code: 'PHD', name: 'Doktor', abbreviation: 'Ph.D.', after: true },
  ],
  ja: [
    { code: 'HAKASE', name: '博士', abbreviation: '博士', after: true },
    { code: 'KYOJU', name: '教授', abbreviation: '教授', after: true },
  ],
};
