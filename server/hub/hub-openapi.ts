/**
 * The hub's HTTP side in the OpenAPI document. The WebSocket itself (GET /api/hub/mate upgraded) carries the
 * SignalR JSON hub protocol, described in docs/hub.md, which OpenAPI cannot express beyond its upgrade answers.
 */
export const HUB_OPENAPI_PATHS = {
  '/api/hub/mate/negotiate': {
    post: {
      tags: ['hub'],
      summary: 'Negotiate a hub connection (SignalR negotiate version 1, WebSockets only)',
      parameters: [{ name: 'negotiateVersion', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } }],
      responses: {
        200: {
          description: 'connectionId (public), connectionToken (secret: send it back as ?id= when opening the socket) and the transports',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  connectionId: { type: 'string' },
                  connectionToken: { type: 'string' },
                  negotiateVersion: { type: 'integer', const: 1 },
                  availableTransports: { type: 'array', items: { type: 'object', properties: { transport: { const: 'WebSockets' }, transferFormats: { type: 'array', items: { const: 'Text' } } } } },
                },
              },
            },
          },
        },
        400: { description: 'negotiateVersion missing or below 1' },
        401: { description: 'No valid access token' },
      },
    },
  },
  '/api/hub/mate': {
    get: {
      tags: ['hub'],
      summary: 'Open the hub WebSocket (Upgrade: websocket); token as Bearer header or access_token query',
      parameters: [
        { name: 'id', in: 'query', required: false, schema: { type: 'string' }, description: 'The connectionToken from negotiate; without it the connection gets a new id' },
        { name: 'access_token', in: 'query', required: false, schema: { type: 'string' }, description: 'For browsers, which cannot set headers on WebSockets' },
      ],
      responses: {
        101: { description: 'Switching protocols; then the JSON hub protocol (docs/hub.md)' },
        401: { description: 'No valid access token' },
        403: { description: 'The Origin is neither the server nor one of MATE_ALLOWED_ORIGINS' },
        404: { description: 'No negotiated connection has this id' },
        409: { description: 'This connection already has a WebSocket' },
      },
    },
  },
} as const;
