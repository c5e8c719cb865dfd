import { listUnprocessedDocuments, processDocument } from '../../terminals/terminal-document-processing';
import { jobParameters, JobParameterError, type JobDefinition } from '../job-definition';
import { terminalTables } from './terminal-tables';

/** Most tenants one run works through (a hub argument or a start's parameter names them). */
export const MAX_REPROCESS_TENANTS = 1000;

export interface ReprocessParameters {
  /** The tenants whose documents the run processes, in this order; absent: the run's own tenant. */
  tenantOids?: number[];
}

/**
 * reprocess-unprocessed-documents { tenantOids? }: processes every unprocessed document of the tenant (or of each
 * tenant `tenantOids` names: "Reprocess all" of the unprocessed page, ResetProcessQueue([..])), oldest first, one
 * transaction each (progress in documents over all of them): a document never processed or whose processing failed
 * is checked against its tenant again and booked into the daily turnover
 * (server/terminals/terminal-document-processing.ts). The run fails when some document still cannot be booked,
 * naming how many and the first reason; the others are booked all the same. Started by ResetProcessQueue or a
 * schedule. Starting it with `tenantOids` needs Update on the bridge in each of them (`otherTenants`).
 */
export const reprocessUnprocessedDocuments: JobDefinition<ReprocessParameters> = {
  name: 'reprocess-unprocessed-documents',
  category: 'Terminals',
  description: 'Processes the documents terminals handed in that were not processed yet or whose processing failed, and books them into the daily turnover.',
  countUnit: 'documents',
  texts: {
    en: { category: 'Terminals', description: 'Processes the documents terminals handed in that were not processed yet or whose processing failed, and books them into the daily turnover.', countUnit: 'documents', parameters: { tenantOids: { title: 'Tenants', description: 'The tenants whose documents are processed; empty: the run\'s tenant.' } } },
    de: { category: 'Kassen', description: 'Verarbeitet die von Kassen eingereichten Belege, die noch nicht verarbeitet wurden oder deren Verarbeitung fehlschlug, und bucht sie in den Tagesumsatz.', countUnit: 'Belege', parameters: { tenantOids: { title: 'Mandanten', description: 'Die Mandanten, deren Belege verarbeitet werden; leer: der Mandant des Laufs.' } } },
    ja: { category: '端末', description: '端末から提出され、まだ処理されていないか処理に失敗した伝票を処理し、日次売上に計上します。', countUnit: '件', parameters: { tenantOids: { title: 'テナント', description: '伝票を処理するテナント。空の場合は実行のテナント。' } } },
    it: { category: 'Terminali', description: 'Elabora i documenti consegnati dai terminali non ancora elaborati o la cui elaborazione non è riuscita e li registra nel fatturato giornaliero.', countUnit: 'documenti', parameters: { tenantOids: { title: 'Tenant', description: 'I tenant i cui documenti vengono elaborati; vuoto: il tenant dell\'esecuzione.' } } },
    ru: { category: 'Терминалы', description: 'Обрабатывает документы от терминалов, которые ещё не обработаны или обработка которых не удалась, и учитывает их в дневной выручке.', countUnit: 'документов', parameters: { tenantOids: { title: 'Арендаторы', description: 'Арендаторы, документы которых обрабатываются; пусто — арендатор запуска.' } } },
    ar: { category: 'الأجهزة الطرفية', description: 'يعالج المستندات التي سلّمتها الأجهزة الطرفية ولم تُعالج بعد أو فشلت معالجتها، ويقيّدها في المبيعات اليومية.', countUnit: 'مستندات', parameters: { tenantOids: { title: 'المستأجرون', description: 'المستأجرون الذين تُعالج مستنداتهم؛ فارغ: مستأجر التشغيل.' } } },
    cs: { category: 'Terminály', description: 'Zpracuje doklady předané terminály, které ještě nebyly zpracovány nebo jejichž zpracování selhalo, a zaúčtuje je do denního obratu.', countUnit: 'dokladů', parameters: { tenantOids: { title: 'Tenanti', description: 'Tenanti, jejichž doklady se zpracují; prázdné: tenant běhu.' } } },
    es: { category: 'Terminales', description: 'Procesa los documentos entregados por los terminales que aún no se han procesado o cuyo procesamiento falló, y los contabiliza en la facturación diaria.', countUnit: 'documentos', parameters: { tenantOids: { title: 'Inquilinos', description: 'Los inquilinos cuyos documentos se procesan; vacío: el inquilino de la ejecución.' } } },
    fr: { category: 'Terminaux', description: "Traite les documents remis par les terminaux qui n'ont pas encore été traités ou dont le traitement a échoué, et les comptabilise dans le chiffre d'affaires journalier.", countUnit: 'documents', parameters: { tenantOids: { title: 'Locataires', description: 'Les locataires dont les documents sont traités ; vide : le locataire de l\'exécution.' } } },
  },
  scope: 'tenant',
  parameterSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      tenantOids: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: MAX_REPROCESS_TENANTS, uniqueItems: true, description: 'The tenants whose documents are processed (default: the run\'s tenant).' },
    },
  },
  parseParameters(raw) {
    const values = jobParameters.object(raw, ['tenantOids']);
    const tenantOids = values.tenantOids;
    if (tenantOids === undefined || tenantOids === null) return {};
    const valid =
      Array.isArray(tenantOids) &&
      tenantOids.length >= 1 &&
      tenantOids.length <= MAX_REPROCESS_TENANTS &&
      tenantOids.every((oid) => typeof oid === 'number' && Number.isSafeInteger(oid) && oid >= 1) &&
      new Set(tenantOids).size === tenantOids.length;
    if (!valid) throw new JobParameterError(`The parameter 'tenantOids' must be a list of 1 to ${MAX_REPROCESS_TENANTS} different positive whole numbers.`);
    return { tenantOids: tenantOids as number[] };
  },
  otherTenants: (parameters) => parameters.tenantOids ?? [],
  async run({ db, catalogue, tenantOid, parameters, progress, now, signal }) {
    if (tenantOid === null) throw new JobParameterError('Documents are processed per tenant; this run has none.');
    const tables = terminalTables(catalogue);
    const documents = [];
    for (const oid of parameters.tenantOids ?? [tenantOid]) documents.push(...(await listUnprocessedDocuments(db, oid)));
    await progress(0, documents.length);
    const failures: string[] = [];
    for (const [index, document] of documents.entries()) {
      signal.throwIfAborted();
      const outcome = await db.transaction((tx) => processDocument(tx, tables, document.oid, now()));
      if (outcome.processed === false) failures.push(`${document.documentId}: ${outcome.error}`);
      await progress(index + 1);
    }
    if (failures.length > 0) {
      throw new Error(`${failures.length} of ${documents.length} document(s) could not be processed and stay unprocessed; the first: ${failures[0]}`);
    }
  },
};
