import { ERROR_DETAILS_PATH } from '../lib/toasts/error-detail';
import { useNavigationData } from './navigation-context';

/**
 * Whether the signed-in user may see the internals of a failed call (spec 1 §8): Read on the logs page, as the server
 * decides. The server checks it again (in the Global column) and answers others without internals.
 */
export function useErrorDetailAccess(): boolean {
  return useNavigationData().permissions[ERROR_DETAILS_PATH]?.Read === true;
}
