// The avatar route's contract (docs/auth.md), also its part of /api/openapi.json (server/api-docs/route-openapi.ts).
// The handler checks its parameters itself (a 400 naming the parameter, with the handler's message): the schemas
// here only name them. A type would let Fastify refuse first, with its own message (a repeated ?size=1&size=2 is
// an array Ajv cannot make a string), so they carry none. The picture is an SVG text, which no JSON serialiser touches.

/** `GET /api/avatar/{hash}`. */
export const AVATAR_ROUTE_SCHEMA = {
  tags: ['user'],
  summary: 'An avatar picture drawn from the hash alone (anonymous: <img> sends no token)',
  security: [],
  params: { type: 'object', properties: { hash: { type: 'string', description: '32 to 128 hexadecimal digits (the profile\'s avatarHash), optionally ending .svg, .png or .jpg' } } },
  querystring: {
    type: 'object',
    properties: {
      size: { description: 'size in pixels, a whole number; clamped to 16..512; default 64' },
      d: { description: 'default image, as public avatar services take it: blank, 404, mp, identicon, monsterid, wavatar, retro, robohash or an http(s) URL; checked, every hash gets its drawn picture' },
      r: { description: 'rating: g, pg, r or x; checked, not used' },
    },
  },
  response: {
    200: { description: 'The picture (cached for a day)', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
    400: { description: 'A bad hash, size, d or r; errors name it' },
  },
} as const;
