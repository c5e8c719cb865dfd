import { jobParameters, type JobDefinition } from '../job-definition';

/** Rows deleted per statement: short transactions, and progress the page can show. */
const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the purge keeps apart: which table, and which of its rows are old enough to go. */
const TARGETS = [
  { table: 'mate_error', key: 'id', old: 'created_at < $1::timestamptz' },
  // Only mail that went out; unsent mail is still work to do.
  { table: 'mate_outbox', key: 'oid', old: 'sent_at is not null and created_at < $1::timestamptz' },
  // Finished runs of jobs; the running ones and this run stay.
  { table: 'mate_job', key: 'oid', old: 'state in (3, 4, 5) and finished_at < $1::timestamptz' },
] as const;

/**
 * purge-old-data { days }: deletes error log rows, sent mails and finished job runs older than `days` days, for the
 * whole installation, in batches with progress in rows.
 */
export const purgeOldData: JobDefinition<{ days: number }> = {
  name: 'purge-old-data',
  category: 'Maintenance',
  description: 'Deletes error log entries, sent mails and finished job runs older than the given number of days.',
  countUnit: 'rows',
  texts: {
    en: { category: 'Maintenance', description: 'Deletes error log entries, sent mails and finished job runs older than the given number of days.', countUnit: 'rows', parameters: { days: { title: 'Older than (days)', description: 'Entries older than this many days are deleted.' } } },
    de: { category: 'Wartung', description: 'Löscht Fehlerprotokolleinträge, versendete E-Mails und beendete Jobläufe, die älter als die angegebene Anzahl Tage sind.', countUnit: 'Zeilen', parameters: { days: { title: 'Älter als (Tage)', description: 'Einträge, die älter als so viele Tage sind, werden gelöscht.' } } },
    ja: { category: 'メンテナンス', description: '指定した日数より古いエラーログ、送信済みメール、終了したジョブ実行を削除します。', countUnit: '行', parameters: { days: { title: '経過日数', description: 'この日数より古いエントリが削除されます。' } } },
    it: { category: 'Manutenzione', description: 'Elimina le voci del registro errori, le e-mail inviate e le esecuzioni di job concluse più vecchie del numero di giorni indicato.', countUnit: 'righe', parameters: { days: { title: 'Più vecchi di (giorni)', description: 'Le voci più vecchie di questo numero di giorni vengono eliminate.' } } },
    ru: { category: 'Обслуживание', description: 'Удаляет записи журнала ошибок, отправленные письма и завершённые запуски заданий старше указанного числа дней.', countUnit: 'строк', parameters: { days: { title: 'Старше (дней)', description: 'Удаляются записи старше этого числа дней.' } } },
    ar: { category: 'الصيانة', description: 'يحذف إدخالات سجل الأخطاء والرسائل المرسلة وتشغيلات المهام المنتهية الأقدم من عدد الأيام المحدد.', countUnit: 'صفوف', parameters: { days: { title: 'أقدم من (أيام)', description: 'تُحذف الإدخالات الأقدم من هذا العدد من الأيام.' } } },
    cs: { category: 'Údržba', description: 'Odstraní záznamy protokolu chyb, odeslané e-maily a dokončené běhy úloh starší než zadaný počet dní.', countUnit: 'řádků', parameters: { days: { title: 'Starší než (dny)', description: 'Záznamy starší než tento počet dní budou odstraněny.' } } },
    es: { category: 'Mantenimiento', description: 'Elimina las entradas del registro de errores, los correos enviados y las ejecuciones de trabajos finalizadas más antiguas que el número de días indicado.', countUnit: 'filas', parameters: { days: { title: 'Anteriores a (días)', description: 'Se eliminan las entradas más antiguas que este número de días.' } } },
    fr: { category: 'Maintenance', description: 'Supprime les entrées du journal des erreurs, les e-mails envoyés et les exécutions de tâches terminées plus anciens que le nombre de jours indiqué.', countUnit: 'lignes', parameters: { days: { title: 'Plus anciens que (jours)', description: 'Les entrées plus anciennes que ce nombre de jours sont supprimées.' } } },
  },
  scope: 'global',
  parameterSchema: { type: 'object', additionalProperties: false, properties: { days: { type: 'integer', minimum: 1, maximum: 3650, default: 30 } } },
  parseParameters(raw) {
    const values = jobParameters.object(raw, ['days']);
    return { days: jobParameters.integer(values, 'days', 1, 3650, 30) };
  },
  async run({ db, parameters, progress, now, signal }) {
    const before = new Date(now() - parameters.days * DAY_MS).toISOString();
    let total = 0;
    for (const target of TARGETS) {
      const counted = await db.query<{ n: number }>(`select count(*)::int as n from ${target.table} where ${target.old}`, [before]);
      total += counted.rows[0]?.n ?? 0;
    }
    await progress(0, total);
    let deleted = 0;
    for (const target of TARGETS) {
      for (;;) {
        signal.throwIfAborted();
        const result = await db.query(
          `delete from ${target.table} where ${target.key} in (select ${target.key} from ${target.table} where ${target.old} limit ${BATCH})`,
          [before],
        );
        if (result.rowCount === 0) break;
        deleted += result.rowCount;
        await progress(deleted, Math.max(total, deleted));
      }
    }
  },
};
