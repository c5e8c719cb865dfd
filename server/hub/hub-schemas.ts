// The hub's HTTP side: the contracts of negotiate and of the WebSocket's upgrade, also their part of
// /api/openapi.json (server/api-docs/route-openapi.ts). What the socket then carries (the SignalR JSON hub protocol)
// is described in docs/hub.md: OpenAPI has no words for it beyond the upgrade's answers.
import { errorResponses, TOKEN_REFUSED } from '../api-docs/openapi-fragments';

// `enum`, not `const`: the serialiser writes a `const` as its literal whatever the handler sends, and would hide a
// handler that answers another version or transport; an enum serialises what is sent and says what that may be.
const NEGOTIATE_ANSWER = {
  description: 'connectionId (public), connectionToken (secret: send it back as ?id= when opening the socket) and the transports',
  type: 'object',
  properties: {
    connectionId: { type: 'string' },
    connectionToken: { type: 'string' },
    negotiateVersion: { type: 'integer', enum: [1] },
    availableTransports: { type: 'array', items: { type: 'object', properties: { transport: { type: 'string', enum: ['WebSockets'] }, transferFormats: { type: 'array', items: { type: 'string', enum: ['Text'] } } } } },
  },
} as const;

export const NEGOTIATE_ROUTE_SCHEMA = {
  tags: ['hub'],
  summary: 'Negotiate a hub connection (SignalR negotiate protocol version 1; WebSockets only)',
  // A string, checked by the handler, so that a wrong version is told which version the hub speaks.
  querystring: { type: 'object', properties: { negotiateVersion: { type: 'string', description: 'required: the negotiate protocol version, a whole number of at least 1' } } },
  response: {
    200: NEGOTIATE_ANSWER,
    ...errorResponses({ 400: 'negotiateVersion missing or below 1' }),
    ...TOKEN_REFUSED,
  },
} as const;

export const HUB_SOCKET_ROUTE_SCHEMA = {
  tags: ['hub'],
  summary: 'Open the hub WebSocket (Upgrade: websocket); token as Bearer header or access_token query',
  // The upgrade's checks (preValidation) run before these, and answer a repeated id in their own words.
  querystring: {
    type: 'object',
    properties: {
      id: { type: 'string', description: 'The connectionToken from negotiate; without it the connection gets a new id' },
      access_token: { type: 'string', description: 'For browsers, which cannot set headers on WebSockets' },
    },
  },
  response: {
    101: { description: 'Switching protocols; then the JSON hub protocol (docs/hub.md)' },
    ...errorResponses({
      400: 'Not a WebSocket upgrade, or id given more than once',
      403: 'The Origin is neither the server nor one of MATE_ALLOWED_ORIGINS',
      404: 'No negotiated connection has this id',
      409: 'This connection already has a WebSocket',
    }),
    ...TOKEN_REFUSED,
  },
} as const;
