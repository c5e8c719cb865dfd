import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Catalogue } from '../data/catalogue';
import type { Database } from '../db/database';
import { ApiError } from '../lib/api-error';
import type { ContextResolver } from '../lib/request-context';
import { publicRoute } from '../plugins/authenticate-first';
import { authenticateTerminal, parseTerminalAuthorization, TERMINAL_REALM } from '../terminals/terminal-credentials';
import { ATTACHMENT_MAX_BYTES, readAttachment, storeAttachment, type AttachmentKind } from './document-attachments';
import { downloadFault } from './download-fault';
import { attachmentDisposition, checkDownloadName } from './download-name';
import { ATTACHMENT_DOWNLOAD_ROUTE_SCHEMA, ATTACHMENT_INTAKE_ROUTE_SCHEMA, PAPER_WIDTH_SETTING, RECEIPT_DOWNLOAD_ROUTE_SCHEMA } from './download-schemas';
import { receiptDownload, RECEIPT_FORMATS, type ReceiptFormatName } from './receipt-download';
import { readReceiptDocument } from './receipt-document';
import { effectiveTemplate } from '../receipt-templates/effective-template';
import { settingAt } from '../pos-settings/terminal-settings';
import type { PaperWidth } from './paper-width';

export interface DownloadRoutesOptions {
  db: Database;
  catalogue: Catalogue;
  resolveContext: ContextResolver;
}

/** The JSON body limit of the intake: the base64 of the largest attachment and its few members. */
const ATTACHMENT_BODY_LIMIT = Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4 + 1024;

/**
 * Receipt downloads and attachments (docs/documents.md): `GET /api/download/receipt/{uid}/{name}.{html|pdf|xml|zip|escpos}`,
 * `GET /api/download/receipt-attachment/{uid}/{kind}/{name}` for signed-in users with Read on the document type's
 * viewer path in the document's tenant, and `PUT /api/terminals/receipts/{uid}/attachments/{kind}/{name}` for the
 * terminals that hand the attachments in. Every refusal of a download carries the fault member `{ fault: { reason } }`.
 */
export async function downloadRoutes(app: FastifyInstance, options: DownloadRoutesOptions): Promise<void> {
  const { db, catalogue, resolveContext } = options;

  // Every refusal of a download, also those of Fastify's own checks and of authentication, says its reason as a fault.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !request.url.startsWith('/api/download/') || typeof payload !== 'string') return payload;
    try {
      const body = JSON.parse(payload) as { message?: unknown; fault?: unknown };
      if (body.fault || typeof body.message !== 'string') return payload;
      return JSON.stringify({ ...body, fault: { reason: body.message } });
    } catch {
      return payload;
    }
  });

  app.get<{ Params: { uid: string; file: string }; Querystring: { paper?: PaperWidth } }>('/api/download/receipt/:uid/:file', { schema: RECEIPT_DOWNLOAD_ROUTE_SCHEMA }, async (request, reply) => {
    const { uid, file } = request.params;
    const dot = file.lastIndexOf('.');
    const format = (dot < 0 ? '' : file.slice(dot + 1).toLowerCase()) as ReceiptFormatName;
    if (!(RECEIPT_FORMATS as readonly string[]).includes(format)) throw downloadFault(400, `The download format '${file.slice(dot + 1, dot + 21)}' is not one of ${RECEIPT_FORMATS.join(', ')}.`, 'ext');
    const name = checkDownloadName(file.slice(0, dot));
    const context = await resolveContext(request);
    const document = await readReceiptDocument(db, catalogue, context, uid.toLowerCase());
    const language = request.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim() || 'en';
    // The copies we render are laid out by the receipt template of the document's nearest scope (docs/receipt-templates.md).
    const { template } = await effectiveTemplate(db, 'receipt', document.scopeChain);
    // The printer's paper: asked for, else the setting at the receipt's terminal (its location, tenant, ...), 80 mm by default.
    const paper = format === 'escpos' ? (request.query.paper ?? (Number(await settingAt(db, document.scopeChain ?? [], PAPER_WIDTH_SETTING)) === 58 ? 58 : 80)) : undefined;
    const escpos = { paper, warn: (message: string, detail: Record<string, unknown>) => request.log.warn({ ...detail, uid }, message) };
    const answer = await renderOrFault(request, () => receiptDownload(document, name, format, language, template, escpos));
    return reply
      .header('content-disposition', attachmentDisposition(`${name}.${format}`))
      .header('cache-control', 'private, no-cache')
      .header('vary', 'accept-language')
      .header('x-content-type-options', 'nosniff')
      .type(answer.contentType)
      .send(answer.body);
  });

  app.get<{ Params: { uid: string; kind: AttachmentKind; name: string } }>('/api/download/receipt-attachment/:uid/:kind/:name', { schema: ATTACHMENT_DOWNLOAD_ROUTE_SCHEMA }, async (request, reply) => {
    const { uid, kind, name } = request.params;
    const context = await resolveContext(request);
    const document = await readReceiptDocument(db, catalogue, context, uid.toLowerCase());
    const attachment = await readAttachment(db, document.oid, kind, name, document.body);
    if (!attachment) throw downloadFault(404, `The receipt ${uid} has no ${kind} attachment '${name}'.`, 'name');
    return reply
      .header('content-disposition', attachmentDisposition(name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'private, no-cache')
      .header('etag', `"${attachment.sha256.slice(0, 32)}"`)
      .type(attachment.contentType)
      .send(attachment.bytes);
  });

  const posTable = catalogue.find('tenancy', 'pos-terminal')?.table;
  if (!posTable) return;
  const terminals = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof authenticateTerminal>>>();
  app.put<{ Params: { uid: string; kind: AttachmentKind; name: string }; Body: { contentType: string; data: string } }>(
    '/api/terminals/receipts/:uid/attachments/:kind/:name',
    {
      ...publicRoute(ATTACHMENT_BODY_LIMIT),
      schema: ATTACHMENT_INTAKE_ROUTE_SCHEMA,
      // The terminal is checked before its body is read, as a user is by authenticate-first.
      onRequest: async (request, reply) => {
        try {
          terminals.set(request, await authenticateTerminal(db, posTable, parseTerminalAuthorization(request.headers.authorization)));
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) void reply.header('www-authenticate', `Basic realm="${TERMINAL_REALM}", charset="UTF-8"`);
          throw error;
        }
      },
    },
    async (request, reply) => {
      const terminal = terminals.get(request)!;
      const { uid, kind, name } = request.params;
      const bytes = Buffer.from(request.body.data, 'base64');
      const result = await storeAttachment(db, { tenantOid: terminal.tenantOid, uid: uid.toLowerCase(), kind, name, contentType: request.body.contentType, bytes });
      return reply.status(result.stored ? 201 : 200).send({ id: uid, kind, name, ...result });
    },
  );
}

/** Runs a renderer; its failure is logged with the document and answered as a 500 fault with its reason. */
async function renderOrFault<T>(request: FastifyRequest, render: () => Promise<T>): Promise<T> {
  try {
    return await render();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    request.log.error({ err: error }, 'download: the receipt could not be rendered');
    throw downloadFault(500, `The receipt could not be rendered: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}.`);
  }
}
