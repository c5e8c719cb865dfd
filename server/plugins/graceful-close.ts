import type { FastifyInstance } from 'fastify';

/**
 * Keep-alive connections that are busy when the server starts closing would otherwise linger for the whole
 * keep-alive timeout after their request finished. Answering those requests with `Connection: close` lets the
 * close complete as soon as the requests in flight are done.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook: it runs on every answer and waits for nothing.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
