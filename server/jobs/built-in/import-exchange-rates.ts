import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { quoteIdent as q } from '../../data/sql-names';
import { JobParameterError, jobParameters, type JobDefinition } from '../job-definition';
import { parseEcbDailyXml, type ParsedRate } from './ecb-daily-xml';

/** A file name in the import folder: no folder part, so no way out of it (symbolic links are checked at run time). */
const FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}\.(csv|xml)$/;
const MAX_FILE_BYTES = 1024 * 1024;
/** Progress is stored every this many lines (and at the end): one write per line would outweigh the work. */
const PROGRESS_EVERY = 50;
const RATE_PATTERN = /^\d{1,10}(\.\d{1,8})?$/;

/**
 * The file, read only from inside the import folder: the name has no folder part, and its real path (symbolic
 * links resolved) must still be in the folder. Errors say what is wrong without showing the server's paths.
 */
async function readImportFile(importDir: string | undefined, file: string): Promise<string> {
  if (!importDir) throw new Error('No import folder is configured (MATE_IMPORT_DIR).');
  let folder: string;
  let real: string;
  try {
    folder = await realpath(importDir);
    real = await realpath(path.join(folder, file));
  } catch {
    throw new Error(`The file '${file}' is not in the import folder.`);
  }
  if (path.dirname(real) !== folder) throw new Error(`The file '${file}' leads out of the import folder; it is not read.`);
  const info = await stat(real);
  if (!info.isFile()) throw new Error(`'${file}' in the import folder is not a file.`);
  if (info.size > MAX_FILE_BYTES) throw new Error(`The file '${file}' is larger than ${MAX_FILE_BYTES / 1024} KiB.`);
  return readFile(real, 'utf8');
}

/** The lines of the file as rates; a bad line throws with its number. The header names the two columns. */
function* parseRates(text: string, tenantCurrency: string | null): Generator<ParsedRate | undefined> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0]?.trim() ?? '';
  const separator = header.includes(';') ? ';' : ',';
  const columns = header.split(separator).map((column) => column.trim().toLowerCase());
  if (columns.length !== 2 || columns[0] !== 'foreigncurrency' || columns[1] !== 'exchangerate') {
    throw new Error("Line 1: the header must be 'foreignCurrency,exchangeRate' (or with ';').");
  }
  const seen = new Set<string>();
  for (let index = 1; index < lines.length; index++) {
    const text = lines[index]!.trim();
    const line = index + 1;
    if (text === '') {
      yield undefined;
      continue;
    }
    const cells = text.split(separator).map((cell) => cell.trim());
    if (cells.length !== 2) throw new Error(`Line ${line}: expected 2 values separated by '${separator}', found ${cells.length}.`);
    const [currency, rate] = cells as [string, string];
    if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`Line ${line}: '${currency.slice(0, 20)}' is not a currency code of three capital letters.`);
    if (currency === tenantCurrency) throw new Error(`Line ${line}: ${currency} is the tenant's own currency.`);
    if (seen.has(currency)) throw new Error(`Line ${line}: ${currency} appears a second time.`);
    if (!RATE_PATTERN.test(rate) || Number(rate) <= 0) throw new Error(`Line ${line}: the exchange rate '${rate.slice(0, 20)}' must be a positive number with a decimal point, e.g. 1.0842.`);
    seen.add(currency);
    yield { line, currency, rate };
  }
}

/**
 * import-exchange-rates { file }: reads a CSV file (`foreignCurrency,exchangeRate`, one currency per line: how many
 * units of it one unit of the tenant's currency buys), or the ECB's daily reference rates (`.xml`, converted to the
 * tenant's currency: ecb-daily-xml.ts), from the import folder and stores the rates of the tenant in
 * `mate_exchange_rate`. All or nothing: the lines are checked first (progress in lines) and the first bad one fails
 * the run naming its line number, with nothing stored; then all are written in one transaction. Empty lines are
 * skipped. Currencies not in the file keep their rates.
 */
export const importExchangeRates: JobDefinition<{ file: string }> = {
  name: 'import-exchange-rates',
  category: 'Master data',
  description: "Imports the tenant's exchange rates from a CSV file in the server's import folder (foreignCurrency,exchangeRate; ECB XML).",
  countUnit: 'lines',
  texts: {
    en: { category: 'Master data', description: "Imports the tenant's exchange rates from a CSV file in the server's import folder (foreignCurrency,exchangeRate; ECB XML).", countUnit: 'lines', parameters: { file: { title: 'File', description: 'The name of a .csv file or an ECB daily .xml file in the import folder (MATE_IMPORT_DIR), without a folder.' } } },
    de: { category: 'Stammdaten', description: 'Importiert die Wechselkurse der Organisation aus einer CSV-Datei im Importordner des Servers (foreignCurrency,exchangeRate; ECB XML).', countUnit: 'Zeilen', parameters: { file: { title: 'Datei', description: 'Der Name einer .csv/.xml-Datei im Importordner (MATE_IMPORT_DIR), ohne Ordner.' } } },
    ja: { category: 'マスターデータ', description: 'サーバーのインポートフォルダーにあるCSVファイル（foreignCurrency,exchangeRate）から組織の為替レートをインポートします。', countUnit: '行', parameters: { file: { title: 'ファイル', description: 'インポートフォルダー（MATE_IMPORT_DIR）内の .csv/.xml ファイル名（フォルダーなし）。' } } },
    it: { category: 'Dati anagrafici', description: "Importa i tassi di cambio dell'organizzazione da un file CSV nella cartella di importazione del server (foreignCurrency,exchangeRate; ECB XML).", countUnit: 'righe', parameters: { file: { title: 'File CSV', description: 'Il nome di un file .csv/.xml nella cartella di importazione (MATE_IMPORT_DIR), senza cartella.' } } },
    ru: { category: 'Основные данные', description: 'Импортирует курсы валют организации из CSV-файла в папке импорта сервера (foreignCurrency,exchangeRate; ECB XML).', countUnit: 'строк', parameters: { file: { title: 'Файл', description: 'Имя файла .csv/.xml в папке импорта (MATE_IMPORT_DIR), без папки.' } } },
    ar: { category: 'البيانات الرئيسية', description: 'يستورد أسعار الصرف الخاصة بالمؤسسة من ملف CSV في مجلد الاستيراد على الخادم (foreignCurrency,exchangeRate; ECB XML).', countUnit: 'أسطر', parameters: { file: { title: 'الملف', description: 'اسم ملف ‎.csv/.xml في مجلد الاستيراد (MATE_IMPORT_DIR)، دون مجلد.' } } },
    cs: { category: 'Kmenová data', description: 'Importuje směnné kurzy organizace ze souboru CSV ve složce importu serveru (foreignCurrency,exchangeRate; ECB XML).', countUnit: 'řádků', parameters: { file: { title: 'Soubor', description: 'Název souboru .csv/.xml ve složce importu (MATE_IMPORT_DIR), bez složky.' } } },
    es: { category: 'Datos maestros', description: 'Importa los tipos de cambio de la organización desde un archivo CSV de la carpeta de importación del servidor (foreignCurrency,exchangeRate; ECB XML).', countUnit: 'líneas', parameters: { file: { title: 'Archivo', description: 'El nombre de un archivo .csv/.xml de la carpeta de importación (MATE_IMPORT_DIR), sin carpeta.' } } },
    fr: { category: 'Données de base', description: "Importe les taux de change de l'organisation depuis un fichier CSV du dossier d'import du serveur (foreignCurrency,exchangeRate; ECB XML).", countUnit: 'lignes', parameters: { file: { title: 'Fichier', description: "Le nom d'un fichier .csv/.xml du dossier d'import (MATE_IMPORT_DIR), sans dossier." } } },
  },
  scope: 'tenant',
  parameterSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['file'],
    properties: { file: { type: 'string', pattern: FILE_PATTERN.source, minLength: 5, maxLength: 100, description: 'The name of a .csv file or an ECB daily .xml file in the import folder (MATE_IMPORT_DIR), without a folder.' } },
  },
  parseParameters(raw) {
    const values = jobParameters.object(raw, ['file']);
    const file = values.file;
    if (typeof file !== 'string' || !FILE_PATTERN.test(file)) {
      throw new JobParameterError("The parameter 'file' must be the name of a .csv or .xml file in the import folder: letters, digits, '.', '_' and '-', no folder.");
    }
    return { file };
  },
  async run({ db, catalogue, tenantOid, jobOid, importDir, parameters, progress, now, signal }) {
    if (tenantOid === null) throw new JobParameterError('Exchange rates are imported per tenant; this run has none.');
    const tenantTable = catalogue?.find('tenancy', 'tenant')?.table;
    const tenantCurrency = tenantTable ? ((await db.query<{ CurrencyCode: string | null }>(`select "CurrencyCode" from ${q(tenantTable)} where "Oid" = $1`, [tenantOid])).rows[0]?.CurrencyCode ?? null) : null;
    const text = await readImportFile(importDir, parameters.file);
    const total = Math.max(0, text.split(/\r?\n/).length - 1);
    await progress(0, total);
    const rates: ParsedRate[] = [];
    if (parameters.file.endsWith('.xml')) {
      // The ECB's daily file: read whole (it is small), checked before anything is stored like the CSV lines.
      rates.push(...parseEcbDailyXml(text, tenantCurrency).rates);
      await progress(total);
    } else {
      let checked = 0;
      for (const rate of parseRates(text, tenantCurrency)) {
        if (rate) rates.push(rate);
        checked += 1;
        if (checked % PROGRESS_EVERY === 0) {
          signal.throwIfAborted();
          await progress(checked);
        }
      }
      await progress(checked);
    }
    signal.throwIfAborted();
    const at = new Date(now()).toISOString();
    await db.transaction(async (tx) => {
      for (const rate of rates) {
        await tx.query(
          `insert into mate_exchange_rate (tenant_oid, foreign_currency, exchange_rate, modified_at, job_oid) values ($1, $2, $3::numeric, $4::timestamptz, $5)
           on conflict (tenant_oid, foreign_currency) do update set exchange_rate = excluded.exchange_rate, modified_at = excluded.modified_at, job_oid = excluded.job_oid, modified_by = null`,
          [tenantOid, rate.currency, rate.rate, at, jobOid],
        );
      }
    });
  },
};
