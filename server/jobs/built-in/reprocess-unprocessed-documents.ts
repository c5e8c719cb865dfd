import { listUnprocessedDocuments, processDocument } from '../../terminals/terminal-document-processing';
import { jobParameters, JobParameterError, type JobDefinition } from '../job-definition';
import { terminalTables } from './terminal-tables';

/**
 * reprocess-unprocessed-documents {}: processes every unprocessed document of the tenant, oldest first, one
 * transaction each (progress in documents): a document never processed or whose processing failed is checked
 * against its tenant again and booked into the daily turnover (server/terminals/terminal-document-processing.ts).
 * The run fails when some document still cannot be booked, naming how many and the first reason; the others are
 * booked all the same. Started by ResetProcessQueue or a schedule.
 */
export const reprocessUnprocessedDocuments: JobDefinition<Record<string, never>> = {
  name: 'reprocess-unprocessed-documents',
  category: 'Terminals',
  description: 'Processes the documents terminals handed in that were not processed yet or whose processing failed, and books them into the daily turnover.',
  countUnit: 'documents',
  texts: {
    en: { category: 'Terminals', description: 'Processes the documents terminals handed in that were not processed yet or whose processing failed, and books them into the daily turnover.', countUnit: 'documents' },
    de: { category: 'Kassen', description: 'Verarbeitet die von Kassen eingereichten Belege, die noch nicht verarbeitet wurden oder deren Verarbeitung fehlschlug, und bucht sie in den Tagesumsatz.', countUnit: 'Belege' },
    ja: { category: '端末', description: '端末から提出され、まだ処理されていないか処理に失敗した伝票を処理し、日次売上に計上します。', countUnit: '件' },
    it: { category: 'Terminali', description: 'Elabora i documenti consegnati dai terminali non ancora elaborati o la cui elaborazione non è riuscita e li registra nel fatturato giornaliero.', countUnit: 'documenti' },
    ru: { category: 'Терминалы', description: 'Обрабатывает документы от терминалов, которые ещё не обработаны или обработка которых не удалась, и учитывает их в дневной выручке.', countUnit: 'документов' },
    ar: { category: 'الأجهزة الطرفية', description: 'يعالج المستندات التي سلّمتها الأجهزة الطرفية ولم تُعالج بعد أو فشلت معالجتها، ويقيّدها في المبيعات اليومية.', countUnit: 'مستندات' },
    cs: { category: 'Terminály', description: 'Zpracuje doklady předané terminály, které ještě nebyly zpracovány nebo jejichž zpracování selhalo, a zaúčtuje je do denního obratu.', countUnit: 'dokladů' },
    es: { category: 'Terminales', description: 'Procesa los documentos entregados por los terminales que aún no se han procesado o cuyo procesamiento falló, y los contabiliza en la facturación diaria.', countUnit: 'documentos' },
    fr: { category: 'Terminaux', description: "Traite les documents remis par les terminaux qui n'ont pas encore été traités ou dont le traitement a échoué, et les comptabilise dans le chiffre d'affaires journalier.", countUnit: 'documents' },
  },
  scope: 'tenant',
  parameterSchema: { type: 'object', additionalProperties: false, properties: {} },
  parseParameters(raw) {
    jobParameters.object(raw, []);
    return {};
  },
  async run({ db, catalogue, tenantOid, progress, now, signal }) {
    if (tenantOid === null) throw new JobParameterError('Documents are processed per tenant; this run has none.');
    const tables = terminalTables(catalogue);
    const documents = await listUnprocessedDocuments(db, tenantOid);
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
