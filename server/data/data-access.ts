import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Operation } from '../../schemas';
import type { ContextResolver, RequestContext } from '../lib/request-context';
import { ApiError } from '../lib/api-error';
import type { Catalogue, EntityKind } from './catalogue';
import { allow, authorise, kindOf, type DataParams } from './data-request';

declare module 'fastify' {
  interface FastifyRequest {
    /** The kind the path names; set by the data service's access hook (`dataAccess`), on its routes only. */
    dataKind: EntityKind;
    /** Who calls, in which tenant, with which rights; set with `dataKind`, on the data service's routes only. */
    dataContext: RequestContext;
  }
}

/** What a route of the data service checks before anything else. */
export interface AccessRule {
  /**
   * The operations the route serves; the kind must offer one of them (else 405), and the first it offers is the
   * permission checked (the adjust call of a kind without create checks Update).
   */
  operations: readonly Operation[];
  /** False for what every kind has whatever it offers (its field model, its form extensions): no 405. */
  offered?: boolean;
}

/** Route options checking access: `access('update')`, `access('create', 'update')`, `access.always('read')`. */
export interface Access {
  (...operations: Operation[]): AccessOptions;
  /** The right alone, whatever the kind offers (its field model and form extensions). */
  always(operation: Operation): AccessOptions;
}

interface AccessOptions {
  preValidation: preValidationAsyncHookHandler;
}

/**
 * The one access check of every route under /api/data/{area}/{entity} (spec 2 §8), in the order callers see:
 * the kind (404 'CRUD-Service does not exist.'), the operation it offers (405 'Not implemented ...'), then the
 * caller's right in the request's tenant (403). A preValidation hook, not a preHandler: it runs before the route's
 * schema, so an unknown kind is a 404 and a refused caller a 403 whatever the id or query they sent, as before the
 * schemas. The handler finds `request.dataKind` and `request.dataContext`.
 */
export function dataAccess(app: FastifyInstance, catalogue: Catalogue, resolveContext: ContextResolver): Access {
  // Declared once per instance, so the request's shape is fixed up front (Fastify's advice for request members).
  if (!app.hasRequestDecorator('dataKind')) app.decorateRequest('dataKind', null as unknown as EntityKind);
  if (!app.hasRequestDecorator('dataContext')) app.decorateRequest('dataContext', null as unknown as RequestContext);
  const hook = (rule: AccessRule): preValidationAsyncHookHandler =>
    async function checkDataAccess(request: FastifyRequest) {
      const kind = kindOf(catalogue, request.params as DataParams);
      if (rule.offered !== false) allow(kind, ...rule.operations);
      const operation = rule.operations.find((op) => kind.operations.has(op)) ?? rule.operations[0]!;
      request.dataContext = await authorise(request, resolveContext, kind, operation);
      request.dataKind = kind;
      // The schema's integer coercion would take ' 12', '1e3' or '0x10' for a record id (ajv's `data == +data`); one
      // record has one path, so only plain digits reach it.
      const id = (request.params as DataParams).id;
      if (id !== undefined && !/^\d{1,16}$/.test(id)) throw new ApiError(400, 'params/id must be a positive whole number in plain digits', { errors: { id: ['must be a positive whole number'] } });
    };
  const access = (...operations: Operation[]) => ({ preValidation: hook({ operations }) });
  return Object.assign(access, { always: (operation: Operation) => ({ preValidation: hook({ operations: [operation], offered: false }) }) });
}
