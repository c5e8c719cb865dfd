import { TURNOVER_KINDS_SQL } from '../../documents/document-kinds';
import { jobParameters, JobParameterError, type JobDefinition } from '../job-definition';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * recompute-daily-turnover { days }: sums the receipts the tenant's terminals handed in
 * (mate_terminal_document, server/terminals) per business day (the day of their creation in their location's time
 * zone, server/documents/business-day.ts) into mate_turnover_day for the last `days` days up to today (UTC's today;
 * intake books a zone's later day as its receipts arrive), one day per step (progress in days). A day without
 * receipts gets a zero figure, so the dashboard can tell "nothing sold" from "not computed".
 */
export const recomputeDailyTurnover: JobDefinition<{ days: number }> = {
  name: 'recompute-daily-turnover',
  category: 'Reporting',
  description: 'Recomputes the daily turnover of the tenant from its receipts for the given number of days up to today.',
  countUnit: 'days',
  texts: {
    en: { category: 'Reporting', description: 'Recomputes the daily turnover of the tenant from its receipts for the given number of days up to today.', countUnit: 'days', parameters: { days: { title: 'Days', description: 'How many days up to today are recomputed.' } } },
    de: { category: 'Berichtswesen', description: 'Berechnet den Tagesumsatz der Organisation aus ihren Belegen für die angegebene Anzahl Tage bis heute neu.', countUnit: 'Tage', parameters: { days: { title: 'Tage', description: 'Wie viele Tage bis heute neu berechnet werden.' } } },
    ja: { category: 'レポート', description: '組織の日次売上を、今日までの指定日数分のレシートから再計算します。', countUnit: '日', parameters: { days: { title: '日数', description: '今日までの何日分を再計算するか。' } } },
    it: { category: 'Reportistica', description: "Ricalcola il fatturato giornaliero dell'organizzazione dai suoi scontrini per il numero di giorni indicato fino a oggi.", countUnit: 'giorni', parameters: { days: { title: 'Giorni', description: 'Quanti giorni fino a oggi vengono ricalcolati.' } } },
    ru: { category: 'Отчётность', description: 'Пересчитывает дневную выручку организации по её чекам за указанное число дней до сегодняшнего.', countUnit: 'дней', parameters: { days: { title: 'Дней', description: 'Сколько дней до сегодняшнего пересчитать.' } } },
    ar: { category: 'التقارير', description: 'يعيد حساب المبيعات اليومية للمؤسسة من إيصالاتها لعدد الأيام المحدد حتى اليوم.', countUnit: 'أيام', parameters: { days: { title: 'الأيام', description: 'عدد الأيام حتى اليوم التي يُعاد حسابها.' } } },
    cs: { category: 'Výkaznictví', description: 'Přepočítá denní obrat organizace z jejích účtenek za zadaný počet dní do dneška.', countUnit: 'dní', parameters: { days: { title: 'Dny', description: 'Kolik dní do dneška se přepočítá.' } } },
    es: { category: 'Informes', description: 'Recalcula la facturación diaria de la organización a partir de sus tiques para el número de días indicado hasta hoy.', countUnit: 'días', parameters: { days: { title: 'Días', description: 'Cuántos días hasta hoy se recalculan.' } } },
    fr: { category: 'Rapports', description: "Recalcule le chiffre d'affaires journalier de l'organisation à partir de ses tickets pour le nombre de jours indiqué jusqu'à aujourd'hui.", countUnit: 'jours', parameters: { days: { title: 'Jours', description: "Nombre de jours jusqu'à aujourd'hui à recalculer." } } },
  },
  scope: 'tenant',
  parameterSchema: { type: 'object', additionalProperties: false, properties: { days: { type: 'integer', minimum: 1, maximum: 366, default: 7 } } },
  parseParameters(raw) {
    const values = jobParameters.object(raw, ['days']);
    return { days: jobParameters.integer(values, 'days', 1, 366, 7) };
  },
  async run({ db, tenantOid, parameters, progress, now, signal }) {
    if (tenantOid === null) throw new JobParameterError('The turnover is computed per tenant; this run has none.');
    const today = Math.floor(now() / DAY_MS) * DAY_MS;
    await progress(0, parameters.days);
    for (let index = 0; index < parameters.days; index++) {
      signal.throwIfAborted();
      const from = today - (parameters.days - 1 - index) * DAY_MS;
      const day = new Date(from).toISOString().slice(0, 10);
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into mate_turnover_day (tenant_oid, day, receipt_count, total, computed_at)
           select $1, $2::date, count(*)::int, coalesce(sum(total), 0), $3::timestamptz from mate_terminal_document
           where tenant_oid = $1 and document_type = 'receipt' and kind in (${TURNOVER_KINDS_SQL}) and processing_error is null and business_day = $2::date
           on conflict (tenant_oid, day) do update set receipt_count = excluded.receipt_count, total = excluded.total, computed_at = excluded.computed_at`,
          [tenantOid, day, new Date(now()).toISOString()],
        );
      });
      await progress(index + 1);
    }
  },
};
