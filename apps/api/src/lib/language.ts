import { DEFAULT_LANGUAGE, LANGUAGES, type Language, translate } from '@mels/domain';
import type { FastifyRequest } from 'fastify';

/**
 * The language of an answer (decision 027): the first of the portal's languages in the request's
 * Accept-Language, by quality ('en-GB,en;q=0.9,ja;q=0.5' → en), Japanese when none is named.
 */
export function parseAcceptLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return {
        lang: tag.trim().toLowerCase().split('-')[0] ?? '',
        q: q === undefined ? 1 : Number(q),
        index,
      };
    })
    .filter((r) => r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranked.find((r) => (LANGUAGES as readonly string[]).includes(r.lang));
  return (found?.lang as Language | undefined) ?? DEFAULT_LANGUAGE;
}

export function requestLanguage(request: FastifyRequest): Language {
  return parseAcceptLanguage(request.headers['accept-language']);
}

/** A message (a key with parameters, decision 027) in the language the request asks for. */
export function textFor(request: FastifyRequest, text: string): string {
  return translate(text, requestLanguage(request));
}
