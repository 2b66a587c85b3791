/**
 * The security headers of every answer (helmet's defaults, with the portal's Content-Security-Policy).
 * helmet's middleware is built once, at start: @fastify/helmet built it again for every request, about
 * 4 % of a kept search's time (issue 20). A route may still replace a header (the certificate shown in
 * the portal's own frame).
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://js.stripe.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:'],
  frameSrc: [
    "'self'",
    'https://js.stripe.com',
    'https://www.youtube-nocookie.com',
    'https://player.vimeo.com',
  ],
  connectSrc: ["'self'", 'https://api.stripe.com'],
  objectSrc: ["'none'"],
  upgradeInsecureRequests: null,
};

export function registerSecurityHeaders(app: FastifyInstance) {
  const setHeaders = helmet({
    contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
