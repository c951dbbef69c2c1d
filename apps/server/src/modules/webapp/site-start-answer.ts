import { systemEndpoints } from '@tessera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The request headers the status call reads: the address asked for, the country a CDN found, the browser. */
const FORWARDED_HEADERS = ['host', 'user-agent'] as const;

/**
 * Site start's status answer (spec section 4) for the visitor asking for the page, as the status endpoint itself
 * gives it: an in-process request with the visitor's address and headers, so the site gate, the region rules
 * and the contract check are the endpoint's own. Null when it does not succeed; the browser then asks itself.
 */
export const siteStartAnswer = async (
  app: FastifyInstance,
  request: FastifyRequest,
  countryHeader: string | undefined,
): Promise<string | null> => {
  const headers: Record<string, string> = {};
  for (const name of [...FORWARDED_HEADERS, ...(countryHeader ? [countryHeader.toLowerCase()] : [])]) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const moduleId = systemEndpoints.status.moduleIds[0];
  if (moduleId) headers.moduleid = moduleId;
  const answer = await app.inject({
    method: 'GET',
    url: systemEndpoints.status.path,
    headers,
    remoteAddress: request.ip,
  });
  return answer.statusCode === 200 ? answer.body : null;
};

/**
 * An answer written into the page for the browser to read instead of asking (`takePageAnswer` in the web app):
 * JSON in a script element of type application/json, with `<` escaped so the text cannot close the element.
 */
export const pageAnswerMarkup = (name: string, json: string): string =>
  `<script type="application/json" id="page-answer-${name}">${json.replace(/</g, '\\u003c')}</script>`;
