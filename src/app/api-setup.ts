import { configureSessionForApi } from '../auth';
import { networkActivity } from '../lib/activity/network-activity';
import { configureApi } from '../lib/api/api-client';
import { currentScopeHeaders } from '../lib/tenancy/scope-state';

/** Connects the one fetch layer to the session (token), the current tenant (scope headers) and the activity list. */
export function setUpApi(): void {
  configureSessionForApi();
  configureApi({ getScopeHeaders: currentScopeHeaders, onCallStart: (call) => networkActivity.start(call) });
}
