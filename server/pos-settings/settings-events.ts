import type { Database } from '../db/database';
import { ChannelSubscribers } from '../hub/channel-subscribers';
import type { HubMethod } from '../hub/hub-method-registry';
import { subscriptionHubMethods } from '../hub/tenant-topic-push';
import type { ResolvedScope } from './settings-scope';
import type { SettingsTargets } from './settings-targets';

/** The channel on which every instance hears of a changed POS setting (ids only). */
export const POS_SETTING_EVENT_CHANNEL = 'mate_pos_setting_events';
/** The hub message: `{ target, scope, path }`, a value of a target overridden or reset at that scope (docs/settings.md "Live"). */
export const POS_SETTINGS_CHANGED = 'PosSettingsChanged';

interface PosSettingEvent {
  target: string;
  scope: string;
  path: string;
  tenantOid: number | null;
}

function parse(payload: string): PosSettingEvent | undefined {
  try {
    const value = JSON.parse(payload) as Partial<PosSettingEvent>;
    if (typeof value.scope !== 'string' || typeof value.path !== 'string') return undefined;
    const tenantOid = value.tenantOid === null || value.tenantOid === undefined ? null : Number(value.tenantOid);
    if (tenantOid !== null && !Number.isSafeInteger(tenantOid)) return undefined;
    // Before targets, every event was the POS configuration's.
    return { target: typeof value.target === 'string' ? value.target : 'pos', scope: value.scope, path: value.path, tenantOid };
  } catch {
    return undefined;
  }
}

/** Tells every instance that a value changed at a scope. */
export async function announceSettingChange(db: Database, target: string, scope: ResolvedScope, path: string): Promise<void> {
  await db.notify(POS_SETTING_EVENT_CHANNEL, JSON.stringify({ target, scope: scope.scope, path, tenantOid: scope.tenantOid } satisfies PosSettingEvent));
}

/**
 * The connections of this instance with a configuration page open (SubscribePosSettings). A change goes to those
 * whose user may read the scope it was made at in its target, as they are at the time of the push (the rule of the GET).
 */
export class PosSettingEvents extends ChannelSubscribers<PosSettingEvent> {
  constructor(db: Database, targets: SettingsTargets) {
    // mayRead looks at the scope's tenant only (null: GLOBAL or COUNTRY).
    super(db, POS_SETTING_EVENT_CHANNEL, parse, (context, event) => {
      const access = targets.byKey.get(event.target)?.access;
      return access?.mayRead(context, { tenantOid: event.tenantOid } as ResolvedScope) ? { target: POS_SETTINGS_CHANGED, args: [{ target: event.target, scope: event.scope, path: event.path }] } : undefined;
    });
  }
}

/** SubscribePosSettings and UnsubscribePosSettings (our extension; docs/hub.md). */
export function posSettingHubMethods(events: PosSettingEvents): HubMethod<undefined>[] {
  return subscriptionHubMethods('PosSettings', events);
}
