import { firstVisitCalls, firstVisitUrl, pageAnswerNames, systemEndpoints } from '@tessera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The request headers the in-page calls pass on: the address asked for (the merchant), the browser. */
const FORWARDED_HEADERS = ['host', 'user-agent'] as const;

/**
 * An endpoint's answer for the visitor asking for the page, as the endpoint itself gives it: an in-process
 * request with the visitor's address and headers, so the site gate, the region rules and the contract check are
 * the endpoint's own. Null when it does not succeed; the browser then asks itself.
 */
const visitorAnswer = async (
  app: FastifyInstance,
  request: FastifyRequest,
  call: { url: string; moduleId: string | undefined; headers?: Record<string, string> },
): Promise<string | null> => {
  const headers: Record<string, string> = { ...call.headers };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (call.moduleId) headers.moduleid = call.moduleId;
  const answer = await app.inject({ method: 'GET', url: call.url, headers, remoteAddress: request.ip });
  return answer.statusCode === 200 ? answer.body : null;
};

/** Site start's status answer (spec section 4) as page-answer markup, with the country a CDN found when the deployment names its header. */
export const siteStartAnswer = async (
  app: FastifyInstance,
  request: FastifyRequest,
  countryHeader: string | undefined,
) => {
  const country = countryHeader ? request.headers[countryHeader.toLowerCase()] : undefined;
  const json = await visitorAnswer(app, request, {
    url: systemEndpoints.status.path,
    moduleId: systemEndpoints.status.moduleIds[0],
    headers: countryHeader && typeof country === 'string' ? { [countryHeader.toLowerCase()]: country } : {},
  });
  return json === null ? null : pageAnswerMarkup(pageAnswerNames.status, json);
};

/**
 * The answers of a first visit's calls in the language the site opens in (`firstVisitCalls`: the announcements with
 * the home's banners, the vendor lanes behind the game navigation, the hot games), as page-answer markup. A call
 * that does not succeed is left out; the browser then asks itself.
 */
export const firstVisitAnswers = async (app: FastifyInstance, request: FastifyRequest, language: string) => {
  const answers = await Promise.all(
    firstVisitCalls(language).map(async (call) => {
      const json = await visitorAnswer(app, request, {
        url: firstVisitUrl(call),
        moduleId: call.endpoint.moduleIds[0],
        headers: { language },
      });
      return json === null ? null : pageAnswerMarkup(call.name, json);
    }),
  );
  return answers.filter((markup) => markup !== null);
};

/**
 * An answer written into the page for the browser to read instead of asking (`takePageAnswer` in the web app):
 * JSON in a script element of type application/json, with `<` escaped so the text cannot close the element.
 */
export const pageAnswerMarkup = (name: string, json: string): string =>
  `<script type="application/json" id="page-answer-${name}">${json.replace(/</g, '\\u003c')}</script>`;
