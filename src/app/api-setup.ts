import { configureSessionForApi } from '../auth';
import { networkActivity } from '../lib/activity/network-activity';
import { configureApi } from '../lib/api/api-client';
import { currentScopeHeaders, currentScopeQuery } from '../lib/tenancy/scope-state';
import { loadImageUrl } from '../lib/images/image-urls';
import { provideImageLoader } from '../../renderers/widgets/image-preview';

/** Connects the one fetch layer to the session (token), the current scope (headers and tenantOid query) and the activity list. */
export function setUpApi(): void {
  configureSessionForApi();
  configureApi({ getScopeHeaders: currentScopeHeaders, getScopeQuery: currentScopeQuery, onCallStart: (call) => networkActivity.start(call) });
  // Image previews of ImageName fields (editor and grid) load through the API with the token and scope.
  provideImageLoader(loadImageUrl);
}
