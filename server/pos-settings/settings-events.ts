import type { Database } from '../db/database';
import { ChannelSubscribers } from '../hub/channel-subscribers';
import type { HubMethod } from '../hub/hub-method-registry';
import { subscriptionHubMethods } from '../hub/tenant-topic-push';
import { mayRead } from './settings-access';
import type { ResolvedScope } from './settings-scope';

/** The channel on which every instance hears of a changed POS setting (ids only). */
export const POS_SETTING_EVENT_CHANNEL = 'mate_pos_setting_events';
/** The hub message: `{ scope, path }`, a value overridden or reset at that scope (docs/pos-settings.md "Live"). */
export const POS_SETTINGS_CHANGED = 'PosSettingsChanged';

interface PosSettingEvent {
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
    return { scope: value.scope, path: value.path, tenantOid };
  } catch {
    return undefined;
  }
}

/** Tells every instance that a value changed at a scope. */
export async function announceSettingChange(db: Database, scope: ResolvedScope, path: string): Promise<void> {
  await db.notify(POS_SETTING_EVENT_CHANNEL, JSON.stringify({ scope: scope.scope, path, tenantOid: scope.tenantOid } satisfies PosSettingEvent));
}

/**
 * The connections of this instance with the POS configuration page open (SubscribePosSettings). A change goes to
 * those whose user may read the scope it was made at, as they are at the time of the push (the same rule as the GET).
 */
export class PosSettingEvents extends ChannelSubscribers<PosSettingEvent> {
  constructor(db: Database) {
    // mayRead looks at the scope's tenant only (null: GLOBAL or COUNTRY).
    super(db, POS_SETTING_EVENT_CHANNEL, parse, (context, event) =>
      mayRead(context, { tenantOid: event.tenantOid } as ResolvedScope) ? { target: POS_SETTINGS_CHANGED, args: [{ scope: event.scope, path: event.path }] } : undefined,
    );
  }
}

/** SubscribePosSettings and UnsubscribePosSettings (our extension; docs/hub.md). */
export function posSettingHubMethods(events: PosSettingEvents): HubMethod<undefined>[] {
  return subscriptionHubMethods('PosSettings', events);
}
