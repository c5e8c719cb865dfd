import type Ajv from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats';

/** The format name of a URL template (usage `UrlTemplate`), registered by {@link addUrlTemplateFormat}. */
export const URL_TEMPLATE_FORMAT = 'url-template';

/** A numbered placeholder, `{0}`, `{1}` …: what the POS (or any consumer) replaces by a value. */
const PLACEHOLDER = /\{\d{1,3}\}/g;

const isUri = fullFormats.uri as (text: string) => boolean;

/**
 * Whether a text is an absolute URL in which numbered placeholders (`{0}`, `{1}` …) stand for values filled in
 * later, as .NET's `string.Format` writes them: `https://track.example.com/?id={0}`. The placeholders may sit
 * anywhere a value could (path, query, fragment, even the host); with each one replaced by a value the text must
 * pass the `uri` format that plain `Url` fields use. Any other brace is refused, and so is text that is no URL.
 * A template without placeholders is a plain URL.
 */
export function isUrlTemplate(text: string): boolean {
  const filled = text.replace(PLACEHOLDER, '0');
  if (/[{}]/.test(filled)) return false;
  return isUri(filled);
}

/** Adds the `url-template` format to an ajv instance (the server's record validator and the editors' validator). */
export function addUrlTemplateFormat(ajv: Ajv): Ajv {
  if (!ajv.formats[URL_TEMPLATE_FORMAT]) ajv.addFormat(URL_TEMPLATE_FORMAT, { type: 'string', validate: isUrlTemplate });
  return ajv;
}
