import { deliveredPushes, logMissedPush, queueConfigurationPushes } from '../../terminals/terminal-configuration';
import { jobParameters, JobParameterError, type JobDefinition } from '../job-definition';
import { terminalTables } from './terminal-tables';

const configurationTables = (tables: { pos: string; tenant?: string }) => ({ posTable: tables.pos, tenantTable: tables.tenant });

/** How often the job looks whether the instances holding the terminals have delivered (a database read). */
const CHECK_MS = 200;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }, { once: true });
  });
}

/**
 * push-terminal-configuration { waitSeconds }: sends the current configuration to every connected terminal of the
 * tenant, whichever instance holds its socket (server/terminals/terminal-configuration.ts), and waits up to
 * `waitSeconds` for the deliveries; progress in terminals delivered of those connected. Each terminal's log gets a
 * `configuration` line, delivered or not. The run fails when a terminal did not get it (it went away meanwhile),
 * naming the terminal numbers. Started by ForcePosClassicSync or a schedule.
 */
export const pushTerminalConfiguration: JobDefinition<{ waitSeconds: number }> = {
  name: 'push-terminal-configuration',
  category: 'Terminals',
  description: "Sends the current configuration to the tenant's connected terminals and waits until each has received it.",
  countUnit: 'terminals',
  texts: {
    en: { category: 'Terminals', description: "Sends the current configuration to the tenant's connected terminals and waits until each has received it.", countUnit: 'terminals', parameters: { waitSeconds: { title: 'Wait (seconds)', description: 'How long to wait for each terminal to confirm.' } } },
    de: { category: 'Kassen', description: 'Sendet die aktuelle Konfiguration an die verbundenen Kassen der Organisation und wartet, bis jede sie erhalten hat.', countUnit: 'Kassen', parameters: { waitSeconds: { title: 'Wartezeit (Sekunden)', description: 'Wie lange auf die Bestätigung jeder Kasse gewartet wird.' } } },
    ja: { category: '端末', description: '組織の接続中の端末に現在の構成を送信し、各端末が受信するまで待ちます。', countUnit: '台', parameters: { waitSeconds: { title: '待機時間（秒）', description: '各端末の確認を待つ時間。' } } },
    it: { category: 'Terminali', description: "Invia la configurazione attuale ai terminali collegati dell'organizzazione e attende che ciascuno l'abbia ricevuta.", countUnit: 'terminali', parameters: { waitSeconds: { title: 'Attesa (secondi)', description: 'Quanto attendere la conferma di ciascun terminale.' } } },
    ru: { category: 'Терминалы', description: 'Отправляет текущую конфигурацию на подключённые терминалы организации и ждёт, пока каждый её получит.', countUnit: 'терминалов', parameters: { waitSeconds: { title: 'Ожидание (секунд)', description: 'Сколько ждать подтверждения от каждого терминала.' } } },
    ar: { category: 'الأجهزة الطرفية', description: 'يرسل التهيئة الحالية إلى الأجهزة الطرفية المتصلة للمؤسسة وينتظر حتى يستلمها كل جهاز.', countUnit: 'أجهزة', parameters: { waitSeconds: { title: 'الانتظار (ثوانٍ)', description: 'مدة انتظار تأكيد كل جهاز.' } } },
    cs: { category: 'Terminály', description: 'Odešle aktuální konfiguraci na připojené terminály organizace a počká, až ji každý přijme.', countUnit: 'terminálů', parameters: { waitSeconds: { title: 'Čekání (sekundy)', description: 'Jak dlouho čekat na potvrzení každého terminálu.' } } },
    es: { category: 'Terminales', description: 'Envía la configuración actual a los terminales conectados de la organización y espera a que cada uno la haya recibido.', countUnit: 'terminales', parameters: { waitSeconds: { title: 'Espera (segundos)', description: 'Cuánto esperar la confirmación de cada terminal.' } } },
    fr: { category: 'Terminaux', description: "Envoie la configuration actuelle aux terminaux connectés de l'organisation et attend que chacun l'ait reçue.", countUnit: 'terminaux', parameters: { waitSeconds: { title: 'Attente (secondes)', description: "Durée d'attente de la confirmation de chaque terminal." } } },
  },
  scope: 'tenant',
  parameterSchema: { type: 'object', additionalProperties: false, properties: { waitSeconds: { type: 'integer', minimum: 1, maximum: 300, default: 30 } } },
  parseParameters(raw) {
    const values = jobParameters.object(raw, ['waitSeconds']);
    return { waitSeconds: jobParameters.integer(values, 'waitSeconds', 1, 300, 30) };
  },
  async run({ db, catalogue, tenantOid, jobOid, parameters, progress, now, signal }) {
    if (tenantOid === null) throw new JobParameterError('The configuration is pushed per tenant; this run has none.');
    const pushes = await queueConfigurationPushes(db, configurationTables(terminalTables(catalogue)), tenantOid, jobOid, now());
    await progress(0, pushes.length);
    // Real time, not the runner's clock: the wait is for other processes' sockets.
    const deadline = Date.now() + parameters.waitSeconds * 1000;
    let delivered = new Set<number>();
    for (;;) {
      delivered = await deliveredPushes(db, pushes.map((push) => push.pushOid));
      await progress(delivered.size);
      if (delivered.size === pushes.length || Date.now() >= deadline) break;
      await pause(CHECK_MS, signal);
    }
    const missed = pushes.filter((push) => !delivered.has(push.pushOid));
    for (const push of missed) await logMissedPush(db, { ...push, tenantOid, jobOid }, `the terminal did not take it within ${parameters.waitSeconds} s`);
    if (missed.length > 0) {
      throw new Error(`${missed.length} of ${pushes.length} terminal(s) did not receive the configuration within ${parameters.waitSeconds} s: terminal number(s) ${missed.map((push) => push.terminalNumber).join(', ')}.`);
    }
  },
};
