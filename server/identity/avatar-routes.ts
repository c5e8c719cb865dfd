import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/api-error';
import { AVATAR_MAX_SIZE, AVATAR_MIN_SIZE, drawAvatar } from './avatar';
import { publicRoute } from '../plugins/authenticate-first';
import { AVATAR_ROUTE_SCHEMA } from './avatar-schemas';

const DEFAULT_IMAGES = ['blank', '404', 'mp', 'identicon', 'monsterid', 'wavatar', 'retro', 'robohash'];
const RATINGS = ['g', 'pg', 'r', 'x'];

/**
 * `GET /api/avatar/:hash?size=64&d=blank&r=g`, anonymous because <img> sends no token; the picture is drawn from the
 * hash alone and tells nothing about the user. `d` and `r` are checked and accepted for the URL format of public
 * avatar services, but every hash gets its drawn picture.
 */
export function registerAvatarRoutes(app: FastifyInstance): void {
  app.get<{ Params: { hash: string }; Querystring: Record<string, string | undefined> }>('/api/avatar/:hash', { ...publicRoute(), schema: AVATAR_ROUTE_SCHEMA }, async (request, reply) => {
    const hash = request.params.hash.replace(/\.(svg|png|jpg)$/i, '');
    if (!/^[0-9a-fA-F]{32,128}$/.test(hash)) {
      throw new ApiError(400, 'The avatar hash must be 32 to 128 hexadecimal digits.', { errors: { hash: ['must be 32 to 128 hexadecimal digits'] } });
    }
    const { size: rawSize = '64', d = 'blank', r = 'g' } = request.query;
    if (!/^\d{1,6}$/.test(rawSize)) throw new ApiError(400, `The size '${rawSize.slice(0, 20)}' is not a whole number.`, { errors: { size: ['must be a whole number'] } });
    if (!DEFAULT_IMAGES.includes(d) && !/^https?:\/\//.test(d)) {
      throw new ApiError(400, `The default image '${d.slice(0, 20)}' is unknown.`, { errors: { d: [`must be one of ${DEFAULT_IMAGES.join(', ')}`] } });
    }
    if (!RATINGS.includes(r)) throw new ApiError(400, `The rating '${r.slice(0, 20)}' is unknown.`, { errors: { r: [`must be one of ${RATINGS.join(', ')}`] } });
    const size = Math.min(AVATAR_MAX_SIZE, Math.max(AVATAR_MIN_SIZE, Number(rawSize)));
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(drawAvatar(hash, size));
  });
}
