/**
 * Named images (docs/uploads.md): the files a tenant uploads on the dropzone page, each stored under its file name,
 * which a field with usage ImageName refers to. Shared by the page, the editor, the grid and the server.
 */

/** How many uploads the dropzone runs at once (spec 2 §9: "Dropzone default: 2 parallel uploads"). */
export const DROPZONE_PARALLEL_UPLOADS = 2;

/** The dropzone page's navigation path: uploading needs Create on it in the tenant. */
export const DROPZONE_PATH = '/tools/dropzone';

/** The image types the server accepts, told apart by their first bytes, never by the name or the browser's type. */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** One accepted image type. */
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/** The file picker's filter (a hint only: the server checks the bytes). */
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.webp,.gif,image/png,image/jpeg,image/webp,image/gif';

/** Default largest image in bytes (MATE_UPLOAD_MAX_BYTES on the server). */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Longest image name; an ImageName field may allow fewer characters (its own maxLength and pattern still apply). */
export const IMAGE_NAME_MAX_LENGTH = 128;

/** A name an image may be stored under: a file name without folders, control or reserved characters. */
export const IMAGE_NAME_PATTERN = '^[^\\\\/:*?"<>|\\u0000-\\u001f]+$';

/** Why a name cannot name an image, or undefined when it can. */
export function imageNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'is empty';
  if (name.length > IMAGE_NAME_MAX_LENGTH) return `is longer than ${IMAGE_NAME_MAX_LENGTH} characters`;
  if (!new RegExp(IMAGE_NAME_PATTERN, 'u').test(name)) return 'has a folder or a character a file name may not have (\\ / : * ? " < > | or a control character)';
  if (name === '.' || name === '..') return 'is not a file name';
  return undefined;
}

/** The URL of a tenant's image by name (the server answers it only inside the caller's tenant). */
export function imageUrl(name: string): string {
  return `/api/images/${encodeURIComponent(name)}`;
}
