/** One product group of the demo assortment (German, for the first child tenant, Mate Deutschland). */
export interface ArticleGroup {
  number: number;
  group: string;
  line: string;
  division: string;
  /** Food is taxed at the reduced rate in Germany. */
  reduced: boolean;
  unit: 'PCS' | 'KG' | 'L' | 'PAIR';
  packing?: string;
  /** Price range in euro. */
  price: [number, number];
  items: string[];
  sizes?: string[];
  /** Fashion: colours, sizes with their sort index, materials. */
  colors?: string[];
  fashionSizes?: string[];
  materials?: string[];
  weight: number;
}

/** Brands that the generator puts in front of item names. */
export const BRANDS = ['Mate Basics', 'Gut & Frisch', 'Nordhof', 'Alpenglück', 'Sonnenfeld', 'Brandt', 'Urban Line', 'Kieler', 'Bergwerk', 'Lindner', 'Hansekontor', 'Grünland'];

const COLORS = ['Schwarz', 'Weiß', 'Marine', 'Grau meliert', 'Rot', 'Oliv', 'Beige', 'Hellblau', 'Bordeaux'];
const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];

/** The assortment; `weight` is how often a group occurs. */
export const ARTICLE_GROUPS: ArticleGroup[] = [
  { number: 10, group: 'Molkereiprodukte', line: 'Frische', division: 'Lebensmittel', reduced: true, unit: 'PCS', price: [0.49, 4.99], weight: 8, items: ['Vollmilch 3,5 %', 'Fettarme Milch 1,5 %', 'Joghurt Natur', 'Butter', 'Gouda jung', 'Emmentaler', 'Speisequark 20 %', 'Schlagsahne', 'Mozzarella', 'Skyr', 'Hafer Drink', 'Frischkäse Kräuter'], sizes: ['150 g', '200 g', '250 g', '400 g', '500 g', '1 l'] },
  { number: 11, group: 'Backwaren', line: 'Frische', division: 'Lebensmittel', reduced: true, unit: 'PCS', price: [0.39, 5.49], weight: 5, items: ['Roggenbrot', 'Dinkelvollkornbrot', 'Laugenbrezel', 'Buttercroissant', 'Weizenbrötchen', 'Baguette', 'Bauernbrot', 'Buttertoast', 'Zimtschnecke'], sizes: ['1 Stk', '4 Stk', '500 g', '750 g', '1 kg'] },
  { number: 12, group: 'Obst und Gemüse', line: 'Frische', division: 'Lebensmittel', reduced: true, unit: 'KG', packing: 'BAG1KG', price: [0.99, 7.99], weight: 5, items: ['Äpfel Elstar', 'Bananen', 'Rispentomaten', 'Salatgurke', 'Karotten', 'Kartoffeln festkochend', 'Zwiebeln', 'Paprika rot', 'Zitronen', 'Trauben hell', 'Birnen Williams', 'Zucchini'], sizes: ['lose', 'Bio', 'Klasse I'] },
  { number: 20, group: 'Getränke', line: 'Trockensortiment', division: 'Lebensmittel', reduced: false, unit: 'PCS', packing: 'CRATE20', price: [0.39, 3.99], weight: 8, items: ['Mineralwasser still', 'Mineralwasser classic', 'Apfelschorle', 'Orangensaft', 'Cola', 'Zitronenlimonade', 'Radler', 'Pils', 'Weißbier', 'Eistee Pfirsich', 'Malzbier'], sizes: ['0,33 l', '0,5 l', '0,75 l', '1,0 l', '1,5 l'] },
  { number: 21, group: 'Kaffee und Tee', line: 'Trockensortiment', division: 'Lebensmittel', reduced: true, unit: 'PCS', price: [1.49, 16.99], weight: 4, items: ['Kaffee Crema Bohnen', 'Espresso Bohnen', 'Filterkaffee gemahlen', 'Grüntee Sencha', 'Pfefferminztee', 'Früchtetee Waldbeere', 'Kakao Pulver', 'Rooibos Vanille'], sizes: ['250 g', '500 g', '1 kg', '20 Btl.', '40 Btl.'] },
  { number: 22, group: 'Süßwaren und Snacks', line: 'Trockensortiment', division: 'Lebensmittel', reduced: true, unit: 'PCS', price: [0.69, 4.99], weight: 6, items: ['Vollmilchschokolade', 'Zartbitterschokolade 70 %', 'Fruchtgummi', 'Butterkekse', 'Salzstangen', 'Kartoffelchips Paprika', 'Nussmischung', 'Müsliriegel'], sizes: ['100 g', '150 g', '175 g', '200 g', '300 g'] },
  { number: 23, group: 'Nudeln, Reis und Konserven', line: 'Trockensortiment', division: 'Lebensmittel', reduced: true, unit: 'PCS', packing: 'CASE12', price: [0.59, 4.49], weight: 6, items: ['Spaghetti', 'Penne Rigate', 'Basmatireis', 'Risottoreis', 'Tomaten passiert', 'Kichererbsen', 'Kidneybohnen', 'Thunfisch in Olivenöl', 'Olivenöl nativ extra'], sizes: ['250 g', '400 g', '500 g', '1 kg', '0,5 l'] },
  { number: 30, group: 'Haushalt', line: 'Non-Food', division: 'Drogerie und Haushalt', reduced: false, unit: 'PCS', price: [0.79, 9.99], weight: 5, items: ['Spülmittel', 'Allzweckreiniger', 'Küchenrolle', 'Toilettenpapier', 'Müllbeutel 35 l', 'Schwammtuch', 'Glasreiniger', 'Geschirrspültabs'], sizes: ['500 ml', '1 l', '4 Rollen', '8 Rollen', '10 Stk', '40 Stk'] },
  { number: 31, group: 'Körperpflege', line: 'Non-Food', division: 'Drogerie und Haushalt', reduced: false, unit: 'PCS', price: [0.95, 12.95], weight: 5, items: ['Duschgel', 'Shampoo', 'Zahnpasta', 'Flüssigseife', 'Deo Roll-on', 'Sonnencreme LSF 30', 'Handcreme', 'Zahnbürste mittel'], sizes: ['50 ml', '75 ml', '250 ml', '300 ml', '500 ml'] },
  { number: 40, group: 'Bekleidung', line: 'Fashion', division: 'Textil', reduced: false, unit: 'PCS', price: [9.99, 129.0], weight: 14, items: ['T-Shirt Rundhals', 'Poloshirt', 'Hoodie', 'Jeans Slim Fit', 'Chino', 'Strickpullover', 'Sommerkleid', 'Bluse', 'Regenjacke', 'Sweatjacke', 'Leinenhemd', 'Steppweste'], colors: COLORS, fashionSizes: CLOTHING_SIZES, materials: ['Baumwolle', 'Bio-Baumwolle', 'Leinen', 'Polyester', 'Merinowolle', 'Denim'] },
  { number: 41, group: 'Schuhe', line: 'Fashion', division: 'Textil', reduced: false, unit: 'PAIR', price: [24.99, 149.0], weight: 8, items: ['Sneaker', 'Laufschuh', 'Chelsea Boot', 'Sandale', 'Halbschuh', 'Wanderschuh'], colors: COLORS.slice(0, 6), fashionSizes: SHOE_SIZES, materials: ['Leder', 'Wildleder', 'Textil', 'Synthetik'] },
  { number: 42, group: 'Accessoires', line: 'Fashion', division: 'Textil', reduced: false, unit: 'PCS', price: [4.99, 59.99], weight: 4, items: ['Socken 3er-Pack', 'Gürtel', 'Mütze', 'Schal', 'Handschuhe', 'Rucksack', 'Baumwolltasche'], colors: COLORS, materials: ['Baumwolle', 'Leder', 'Wolle', 'Polyester'] },
  { number: 50, group: 'Elektronik', line: 'Technik', division: 'Non-Food', reduced: false, unit: 'PCS', price: [4.99, 99.0], weight: 5, items: ['USB-C Ladekabel 1 m', 'Powerbank 10000 mAh', 'Bluetooth-Kopfhörer', 'LED-Lampe E27 9 W', 'Batterien AA 4er', 'Ladegerät 20 W', 'Funkmaus', 'Mehrfachsteckdose 5-fach'] },
  { number: 60, group: 'Garten und Freizeit', line: 'Saison', division: 'Non-Food', reduced: false, unit: 'PCS', price: [2.99, 79.0], weight: 3, items: ['Blumenerde 20 l', 'Gartenschere', 'Gießkanne 10 l', 'Grillkohle 3 kg', 'Picknickdecke', 'Kräutertopf Basilikum', 'Solarleuchte'] },
];
