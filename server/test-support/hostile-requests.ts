import fc from 'fast-check';

/** One route to attack: method, path template (`{id}` as in OpenAPI), its query parameters and body fields. */
export interface RouteTarget {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query: string[];
  /** Field names of the body's record schema; undefined when the route takes no body. */
  fields?: string[];
  /** The `area/entity` of a data route, to check that a refused write changed nothing. */
  kind?: string;
}

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the OpenAPI document (server/data/openapi.ts) as a target. */
export function routesOfOpenApi(doc: Json): RouteTarget[] {
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, Json>;
  const targets: RouteTarget[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    const kind = /^\/api\/data\/([^/]+\/[^/]+)/.exec(path)?.[1];
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const parameters = (operation.parameters ?? []) as { name: string; in: string }[];
      const body = ((operation.requestBody as Json | undefined)?.content as Record<string, { schema: Json }> | undefined)?.['application/json']?.schema;
      const ref = typeof body?.$ref === 'string' ? schemas[body.$ref.split('/').pop()!] : body;
      targets.push({
        method: method.toUpperCase() as RouteTarget['method'],
        path,
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        fields: ref ? Object.keys((ref.properties ?? {}) as Json) : undefined,
        kind,
      });
    }
  }
  return targets;
}

const NESTED = (depth: number, open: string, close: string, leaf: string) => `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;

/** JSON texts of values no field should take: wrong types, NUL, lone surrogates, huge and deep values. */
const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '"a\\u0000b"',
    '"\\ud800"',
    '"x\\udc00"',
    '"\\u0000"',
    '{"k\\u0000":1}',
    '{"\\ud800":"v"}',
    '["\\udfff"]',
    '1e308',
    '-1e308',
    '9007199254740993',
    '-0',
    '0.1',
    '-1',
    'true',
    'null',
    '[]',
    '{}',
    '"NaN"',
    '"2024-13-45T99:99:99Z"',
    '"\' or 1=1 --"',
    '"<script>alert(1)</script>"',
    `"${'x'.repeat(70_000)}"`,
    `${'9'.repeat(400)}`,
    NESTED(40, '[', ']', '1'),
    NESTED(5000, '[', ']', ''),
    NESTED(3000, '{"a":', '}', '"\\u0000"'),
  ),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => JSON.stringify(s)),
);

/** Query parameter texts (URL-encoded): junk, NUL, invalid UTF-8, huge numbers. */
const hostileQueryText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%FF%FE', '-1', '1e20', '1e309', '-1e309', 'Infinity', 'NaN', '99999999999999999999', 'abc', '', '%20', '1.5', 'null', 'true', encodeURIComponent('x'.repeat(5000))),
  hostileJsonText.filter((t) => t.length < 20_000).map(encodeURIComponent),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

/** Cursors: base64url of JSON with the right shape and wrong values, and plain junk. */
const hostileCursor: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom('Oid+', 'Name+,Oid+', 'Code-,Oid+', 'Disabled+,Oid+', 'x'), fc.array(hostileJsonText.filter((t) => t.length < 20_000), { maxLength: 3 }))
    .map(([o, values]) => Buffer.from(`{"o":${JSON.stringify(o)},"v":[${values.join(',')}]}`).toString('base64url')),
  fc.constantFrom('%00', 'e30', 'W10', 'bnVsbA', '!!!', Buffer.from(NESTED(5000, '[', ']', '')).toString('base64url')),
);

/** Filters: conditions on real or invented fields with hostile values and operators, and junk. */
function hostileFilter(fields: readonly string[]): fc.Arbitrary<string> {
  const field = fc.oneof(fc.constantFrom(...fields, 'Oid', 'TenantOid', 'Nope', 'Attributes.Color', ''), fc.string({ maxLength: 8 }));
  const op = fc.constantFrom('equal', 'notEqual', 'greater', 'less', 'in', 'contains', 'startsWith', 'isNull', 'between', 'nope');
  return fc.oneof(
    fc.tuple(field, op, hostileJsonText.filter((t) => t.length < 20_000)).map(([f, o, v]) => encodeURIComponent(`{"field":${JSON.stringify(f)},"op":"${o}","value":${v}}`)),
    fc.tuple(field, hostileJsonText.filter((t) => t.length < 20_000)).map(([f, v]) => encodeURIComponent(`{"and":[{"field":${JSON.stringify(f)},"op":"equal","value":${v}}]}`)),
    fc.constant(encodeURIComponent(NESTED(2000, '{"not":', '}', '{"field":"Oid","op":"equal","value":1}'))),
    hostileQueryText,
  );
}

/** A request as `inject` takes it. */
export interface HostileRequest {
  method: RouteTarget['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
  target: RouteTarget;
}

/** What the generator may use: the routes, and the authorisation headers of the callers (anonymous = none). */
export interface HostileWorld {
  targets: RouteTarget[];
  /** e.g. `Bearer <token>` of a signed-in user; `undefined` for anonymous. */
  callers: (string | undefined)[];
  /** A stored record per data kind (`area/entity`): bodies spoil a copy of it. */
  samples?: Record<string, Record<string, unknown>>;
  /** The unique fields per data kind: a spoiled copy gets new values there. */
  uniqueFields?: Record<string, string[]>;
  /** Oids of records the callers can reach, per data kind (default 1 and 2): writes then get to the hostile value. */
  ids?: Record<string, string[]>;
}

function queryString(target: RouteTarget, fields: readonly string[]): fc.Arbitrary<string> {
  const names = [...target.query, 'profile', 'tenantOid', 'unknown'];
  const pair = fc.constantFrom(...names).chain((name) => {
    const value = name === 'cursor' ? hostileCursor : name === 'filter' || name === 'contains' ? hostileFilter(fields) : name === 'orderBy' ? fc.oneof(fc.constantFrom(...fields, 'Oid desc', 'Nope', 'Name sideways', ''), hostileQueryText) : hostileQueryText;
    return value.map((v) => `${name}=${v}`);
  });
  // Writes mostly without a query, so that the body is what gets judged.
  return fc.oneof({ weight: target.method === 'GET' ? 1 : 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.array(pair, { minLength: 1, maxLength: 3 }).map((pairs) => `?${pairs.join('&')}`) });
}

/**
 * A valid record of the kind with one (mostly) to three fields given hostile values (and its unique texts made new), so
 * that the request passes the other checks and the hostile value travels as deep as it can: into SQL.
 */
function spoiledRecord(sample: Record<string, unknown>, uniqueFields: readonly string[]): fc.Arbitrary<string> {
  const names = Object.keys(sample).filter((name) => name !== 'Oid' && name !== 'ETag');
  if (names.length === 0) return fc.constant('{}');
  const member = fc.tuple(fc.constantFrom(...names), hostileJsonText);
  const members = fc.oneof({ weight: 3, arbitrary: member.map((m) => [m]) }, { weight: 1, arbitrary: fc.array(member, { minLength: 2, maxLength: 3 }) });
  return fc.tuple(members, fc.nat()).map(([members, n]) => {
    const base = Object.fromEntries(names.map((name) => [name, uniqueFields.includes(name) && typeof sample[name] === 'string' ? `f${n}` : sample[name]]));
    const spoiled = Object.fromEntries(members);
    const plain = Object.entries(base)
      .filter(([name]) => !(name in spoiled))
      .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
    return `{${[...plain, ...members.map(([name, value]) => `${JSON.stringify(name)}:${value}`)].join(',')}}`;
  });
}

function body(target: RouteTarget, world: HostileWorld): fc.Arbitrary<string | undefined> {
  const sample = target.kind ? world.samples?.[target.kind] : undefined;
  if (sample) {
    const record = spoiledRecord(sample, world.uniqueFields?.[target.kind!] ?? []);
    const records = fc.array(record, { minLength: 1, maxLength: 3 }).map((rows) => `{"records":[${rows.join(',')}]}`);
    return fc.oneof({ weight: 3, arbitrary: target.path.endsWith('/import') ? records : record }, { weight: 1, arbitrary: anyBody(target) });
  }
  return anyBody(target);
}

function anyBody(target: RouteTarget): fc.Arbitrary<string | undefined> {
  const fields = target.fields?.length ? target.fields : ['username', 'email', 'password', 'newPassword', 'token', 'records', 'roles', 'permissions'];
  // Member names as JSON texts, so that escapes (NUL, lone surrogates) reach the parser as such.
  const name = fc.oneof(fc.constantFrom(...fields).map((f) => JSON.stringify(f)), fc.constantFrom('"Oid"', '"ETag"', '"TenantOid"', '"__proto__"', '"constructor"', '"a\\u0000"', '"\\ud800"'));
  const object = (maxLength: number) => fc.array(fc.tuple(name, hostileJsonText), { maxLength }).map((members) => `{${members.map(([k, v]) => `${k}:${v}`).join(',')}}`);
  return fc.oneof(
    object(4),
    fc.array(object(3), { maxLength: 3 }).map((rows) => `{"records":[${rows.join(',')}]}`),
    hostileJsonText,
    fc.constantFrom('', '{', '{"a":1,}', 'not json', '\u0000', NESTED(100_000, '[', ']', '')),
    fc.constant(undefined),
  );
}

/** The If-Match placeholder for the record's current ETag, which only the caller can look up when it sends. */
export const CURRENT_ETAG = '<current>';

/** Mostly the headers of a well-behaved client (so that hostile bodies and queries get past authentication), else junk. */
const requestHeaders = (callers: (string | undefined)[]): fc.Arbitrary<Record<string, string>> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .record({ authorization: fc.constantFrom(...callers), 'if-match': fc.constantFrom(CURRENT_ETAG, CURRENT_ETAG, '"1-1"'), 'content-type': fc.constantFrom('application/json', 'application/json', 'application/merge-patch+json') })
        .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>),
    },
    { weight: 1, arbitrary: hostileHeaders(callers) },
  );

const hostileHeaders = (callers: (string | undefined)[]): fc.Arbitrary<Record<string, string>> =>
  fc
    .record(
      {
        authorization: fc.oneof(
          fc.constantFrom(...callers),
          fc.constantFrom('Bearer x.y.z', 'Bearer ', 'Basic %%%', `Basic ${Buffer.from('ad\u0000min:pw').toString('base64')}`, `Basic ${Buffer.from(`${'u'.repeat(300)}:p`).toString('base64')}`, 'Negotiate abc'),
        ),
        'if-match': fc.constantFrom('"1-1"', '"2-1"', '*', 'W/"1-1"', '"abc"', `"${'9'.repeat(30)}-1"`, '"1-99999999999999999999"', ''),
        'if-none-match': fc.constantFrom('"1-1"', '*', 'junk'),
        'content-type': fc.constantFrom('application/json', 'application/merge-patch+json', 'text/plain', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'),
        'x-mate-tenant': fc.constantFrom('1', '0', '-1', 'abc', '99999999999999999999', '%00'),
        'x-mate-location': fc.constantFrom('1', 'abc', '1e9'),
        'x-api-key': fc.constantFrom('junk', `${'k'.repeat(500)}`),
      },
      { requiredKeys: ['content-type'] },
    )
    .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>);

/** Requests for one target: hostile path ids, query parameters, bodies and headers. */
export function hostileRequestsFor(target: RouteTarget, world: HostileWorld, fields: readonly string[]): fc.Arbitrary<HostileRequest> {
  const ids = (target.kind ? world.ids?.[target.kind] : undefined) ?? ['1', '2'];
  return fc
    .record({
      id: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', 'abc', '99999999999999999999', '%00', '1%00', '%ED%A0%80') }, { weight: 1, arbitrary: fc.nat({ max: 5 }).map(String) }),
      query: queryString(target, target.fields?.length ? target.fields : fields),
      headers: requestHeaders(world.callers),
      payload: target.method === 'GET' || target.method === 'DELETE' ? fc.constant(undefined) : body(target, world),
    })
    .map(({ id, query, headers, payload }) => {
      const request: HostileRequest = { method: target.method, url: `${target.path.replace(/\{id\}/g, id)}${query}`, headers, payload, target };
      // A counterexample prints short: huge and deep values would bury the seed and the route.
      const short = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}... (${text.length} characters)` : text);
      // A well-behaved client sends no content type without a body.
      if (payload === undefined && headers['content-type']?.startsWith('application/json') && !('x-api-key' in headers)) delete request.headers['content-type'];
      return Object.assign(request, { [fc.toStringMethod]: () => short(JSON.stringify({ method: request.method, url: request.url, headers, payload })) });
    });
}
