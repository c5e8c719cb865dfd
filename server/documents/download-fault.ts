import { ApiError } from '../lib/api-error';

/**
 * A failed download: the product's error shape plus the fault-like member `{ fault: { reason } }` that the browser
 * shows (spec 2 §8 "Download fault"; docs/documents.md "Faults"). `field` names the part of the path at fault.
 */
export function downloadFault(status: number, reason: string, field?: string): ApiError {
  return new ApiError(status, reason, { ...(field ? { errors: { [field]: [reason] } } : {}), extra: { fault: { reason } } });
}
