import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error';
import type { PermissionAction, RequestContext } from '../lib/request-context';
import type { IdentityServices } from './identity-services';
import { deleteMail, listOutbox, resendMail } from './outbox';
import { DELETE_MAIL_ROUTE_SCHEMA, LIST_OUTBOX_ROUTE_SCHEMA, RESEND_MAIL_ROUTE_SCHEMA } from './outbox-schemas';

/** The navigation path whose rights open the outbox page and its routes. */
export const OUTBOX_PATH = '/admin/outbox';

const DOING: Record<'Read' | 'Update' | 'Delete', string> = { Read: 'Reading the outbox', Update: 'Sending a mail again', Delete: 'Deleting a mail' };

/** Mails go to users of every tenant (resets, invitations): the right must hold in the Global column, as administrators' does. */
function requireGlobal(context: RequestContext, action: PermissionAction & keyof typeof DOING): void {
  const may = context.canGlobally ? context.canGlobally(OUTBOX_PATH, action) : context.can(OUTBOX_PATH, action);
  if (!may) throw new ApiError(403, `${DOING[action]} needs the permission ${action} on ${OUTBOX_PATH} in the Global column: the outbox holds every tenant's mails.`);
}

/** The outbox page's routes (docs/auth.md "Mail"): list, send again, delete. */
export function registerOutboxRoutes(app: FastifyInstance, services: IdentityServices): void {
  app.get<{ Querystring: { skip: number; take: number } }>('/api/admin/outbox', { schema: LIST_OUTBOX_ROUTE_SCHEMA }, async (request, reply) => {
    requireGlobal(await services.resolve(request), 'Read');
    reply.header('cache-control', 'no-store');
    return listOutbox(services.db, request.query);
  });

  app.post<{ Params: { oid: number } }>('/api/admin/outbox/:oid/resend', { schema: RESEND_MAIL_ROUTE_SCHEMA }, async (request) => {
    requireGlobal(await services.resolve(request), 'Update');
    const queued = await resendMail(services.db, request.params.oid);
    if (queued === undefined) throw new ApiError(404, `There is no mail with oid ${request.params.oid} in the outbox.`);
    if (queued === 'sent') throw new ApiError(409, `The mail ${request.params.oid} was sent already.`);
    return queued;
  });

  app.delete<{ Params: { oid: number } }>('/api/admin/outbox/:oid', { schema: DELETE_MAIL_ROUTE_SCHEMA }, async (request, reply) => {
    requireGlobal(await services.resolve(request), 'Delete');
    if (!(await deleteMail(services.db, request.params.oid))) throw new ApiError(404, `There is no mail with oid ${request.params.oid} in the outbox.`);
    return reply.status(204).send();
  });
}
