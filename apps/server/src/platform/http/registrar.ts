import {
  type AccessOf,
  authOf,
  type EndpointDef,
  fileAnswerSchema,
  isLanguageCode,
  isModuleId,
  type LanguageCode,
  type ParamsOf,
  type ParsedRequestOf,
  type ResponseOf,
} from '@tessera/contracts';
import '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { checkMemberAccess, checkOperatorAccess } from './access';
import { AppError, fieldError } from './app-error';
import { checkedAnswerOf, rememberCheckedAnswer } from './checked-answers';
import type {
  AdminContext,
  Caller,
  MemberContext,
  MemberPrincipal,
  MerchantAdminContext,
  MerchantContext,
  OperatorPrincipal,
  SiteContext,
} from './context';
import { successEnvelope } from './envelope';
import { parseInput } from './validation';

/** What the platform asks of the business modules to route a request; app.ts wires these. */
export interface RegistrarHooks {
  resolveMerchant: (lookup: { code: string | null; host: string }) => Promise<MerchantContext>;
  checkSiteAccess: (merchant: MerchantContext, caller: Caller) => void;
  authenticateMember: (merchant: MerchantContext, token: string) => Promise<MemberPrincipal | null>;
  authenticateOperator: (token: string) => Promise<OperatorPrincipal | null>;
  /** Opens the sealed body of an "(enc)" endpoint, bound to its method and path. */
  openSealed: (body: unknown, method: string, path: string) => Promise<unknown>;
  countryHeader: string | undefined;
}

/** A file of a multipart request, read whole within the endpoint's upload rule. */
import type { UploadedFile } from '../principals';

export type { UploadedFile };

interface HandlerArgs<E extends EndpointDef, C> {
  input: ParsedRequestOf<E>;
  /** Multipart endpoints: the files of the `upload` field; otherwise empty. */
  files: UploadedFile[];
  params: ParamsOf<E>;
  ctx: C;
  request: FastifyRequest;
  reply: FastifyReply;
}
/** The caller a site handler is handed: a member endpoint's always has its member. */
export type SiteContextOf<E extends EndpointDef> = [AccessOf<E>] extends [{ kind: 'member' | 'realMember' | 'agent' }]
  ? MemberContext
  : SiteContext;
/** The caller a back-office handler is handed: its operator, and on a `merchant` scope the merchant it acts on. */
export type AdminContextOf<E extends EndpointDef> = [AccessOf<E>] extends [{ kind: 'operator'; scope: 'merchant' }]
  ? MerchantAdminContext
  : [AccessOf<E>] extends [{ kind: 'operator' }]
    ? AdminContext
    : Caller;
export type SiteHandler<E extends EndpointDef> = (args: HandlerArgs<E, SiteContextOf<E>>) => Promise<ResponseOf<E>>;
export type AdminHandler<E extends EndpointDef> = (args: HandlerArgs<E, AdminContextOf<E>>) => Promise<ResponseOf<E>>;

const MODULE_ID_HEADERS = ['moduleid', 'module-id', 'x-module-id'] as const;
const CACHE_BUSTERS = ['_', 't'] as const;

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** The raw session token: the platform sends it bare; a `Bearer ` prefix is tolerated. */
export const tokenOf = (request: FastifyRequest): string | null => {
  const raw = headerValue(request, 'authorization')?.trim();
  if (!raw) return null;
  return raw.startsWith('Bearer ') ? raw.slice(7).trim() || null : raw;
};

const callerOf = (request: FastifyRequest, countryHeader: string | undefined): Caller => {
  const language = headerValue(request, 'language')?.trim().toUpperCase();
  const country = countryHeader ? headerValue(request, countryHeader.toLowerCase())?.trim().toUpperCase() : undefined;
  const moduleIds = MODULE_ID_HEADERS.map((name) => headerValue(request, name)?.trim()).filter(
    (value): value is string => Boolean(value),
  );
  return {
    requestId: String(request.id),
    ip: request.ip,
    country: country && /^[A-Z]{2}$/.test(country) ? country : null,
    userAgent: headerValue(request, 'user-agent')?.slice(0, 512) ?? null,
    language: language && isLanguageCode(language) ? (language as LanguageCode) : null,
    moduleId: moduleIds[0] ?? null,
  };
};

/** Whether the request is multipart/form-data (false where the multipart plugin is not registered). */
const isMultipart = (request: FastifyRequest): boolean =>
  typeof request.isMultipart === 'function' && request.isMultipart();

/**
 * Reads a multipart body: text fields into an object for the request schema, files of the endpoint's upload field
 * into memory within its count and size. Too many files, a file too large, or a file under another name is refused
 * before the handler runs.
 */
const readMultipart = async (
  endpoint: EndpointDef,
  request: FastifyRequest,
): Promise<{ body: Record<string, string>; files: UploadedFile[] }> => {
  const rule = endpoint.upload;
  if (!rule || !isMultipart(request)) throw new AppError('unsupported_media_type');
  const body: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({
      limits: { files: rule.maxFiles, fileSize: rule.maxBytes, fields: 20, fieldSize: 4096, parts: rule.maxFiles + 20 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== rule.field) throw fieldError(part.fieldname, 'field_unknown');
        files.push({ filename: part.filename, bytes: await part.toBuffer() });
      } else {
        body[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('upload_too_many');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('image_too_large');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupported_media_type');
    if (error instanceof AppError) throw error;
    // Anything else is a body the multipart parser could not read (no boundary, a broken part, cut short).
    throw new AppError('request_param_err');
  }
  return { body, files };
};

const rawInputOf = async (
  endpoint: EndpointDef,
  request: FastifyRequest,
  openSealed: RegistrarHooks['openSealed'],
): Promise<unknown> => {
  if (isMultipart(request)) throw new AppError('unsupported_media_type');
  if (endpoint.encrypted) {
    return openSealed(request.body, request.method, request.url.split('?')[0] ?? endpoint.path);
  }
  const isForm = String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  if (isForm && endpoint.bodyKind !== 'form') throw new AppError('unsupported_media_type');
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
    const query = { ...(request.query as Record<string, unknown>) };
    const shape = endpoint.request instanceof z.ZodObject ? endpoint.request.shape : {};
    for (const key of CACHE_BUSTERS) if (!(key in shape)) delete query[key];
    return query;
  }
  return request.body ?? {};
};

/** Checks the module-id header against the endpoint and, for site calls, the merchant's feature tree. */
const checkModuleId = (endpoint: EndpointDef, caller: Caller, merchant: MerchantContext | null): void => {
  if (endpoint.moduleIds.length === 0) return;
  if (!caller.moduleId) throw new AppError('module_id_required');
  if (!isModuleId(caller.moduleId) || !endpoint.moduleIds.includes(caller.moduleId)) {
    throw new AppError('module_id_unknown');
  }
  if (merchant && caller.moduleId !== 'COMM3' && merchant.modules[caller.moduleId] !== true) {
    throw new AppError('function.not.available');
  }
};

const fastifyMethods = (endpoint: EndpointDef): HTTPMethods[] => [endpoint.method, ...(endpoint.alsoMethods ?? [])];

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A `file` endpoint's answer (decision 0124): the bytes as the body, with the type they were re-encoded as, offered
 * inline under a fixed name, never sniffed as anything else, and cached by the browser only (a member's or a desk's
 * picture is nobody else's).
 */
const sendFile = (endpoint: EndpointDef, value: unknown, request: FastifyRequest, reply: FastifyReply) => {
  const checked = fileAnswerSchema.safeParse(value);
  if (!checked.success) {
    request.log.error({ endpoint: endpoint.name, issues: checked.error.issues }, 'file answer does not match');
    throw new AppError('unknown_error');
  }
  const { contentType, filename, bytes } = checked.data;
  return reply
    .type(contentType)
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=86400, immutable')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
};

/**
 * The handler's value checked against the contract, in the envelope. A frozen value already checked is answered
 * with the envelope serialised the first time (decision 0072); a frozen value's envelope is remembered so.
 */
const respond = <E extends EndpointDef>(
  endpoint: E,
  value: ResponseOf<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  if (endpoint.responseKind === 'file') return sendFile(endpoint, value, request, reply);
  const known = checkedAnswerOf(value, endpoint.response);
  if (known !== undefined) return reply.type(JSON_TYPE).send(known);
  const checked = endpoint.response.safeParse(value);
  if (!checked.success) {
    request.log.error(
      { endpoint: endpoint.name, issues: checked.error.issues },
      'response does not match its contract',
    );
    throw new AppError('unknown_error');
  }
  const envelope = successEnvelope(checked.data);
  if (!Object.isFrozen(value)) return envelope;
  const json = JSON.stringify(envelope);
  rememberCheckedAnswer(value, endpoint.response, json);
  return reply.type(JSON_TYPE).send(json);
};

export const createRegistrar = (app: FastifyInstance, hooks: RegistrarHooks) => {
  const readInput = async (endpoint: EndpointDef, request: FastifyRequest) => {
    if (endpoint.bodyKind === 'multipart') {
      const { body, files } = await readMultipart(endpoint, request);
      return { raw: body as unknown, files };
    }
    return { raw: await rawInputOf(endpoint, request, hooks.openSealed), files: [] as UploadedFile[] };
  };

  /** The merchant a `merchant`-scoped back-office path names, enabled; unknown or disabled: `not_found`. */
  const merchantOfPath = async (params: unknown): Promise<MerchantContext> => {
    const code = (params as { code?: unknown } | undefined)?.code;
    if (typeof code !== 'string') throw new Error('a merchant-scoped endpoint needs a :code path parameter');
    return hooks.resolveMerchant({ code, host: '' }).catch(() => {
      throw new AppError('not_found');
    });
  };

  /**
   * A member-site endpoint: resolves the merchant, module id, site gate, session and the endpoint's access rule,
   * then validates input.
   */
  const site = <E extends EndpointDef>(endpoint: E, handler: SiteHandler<E>): void => {
    const auth = authOf(endpoint.access);
    if (auth === 'operator') throw new Error(`${endpoint.name} is a back-office endpoint`);
    app.route({
      method: fastifyMethods(endpoint),
      url: endpoint.path,
      handler: async (request, reply) => {
        const caller = callerOf(request, hooks.countryHeader);
        const merchantHeader = headerValue(request, 'merchant')?.trim();
        if (merchantHeader?.includes(',')) throw new AppError('function.not.available');
        const merchant = await hooks.resolveMerchant({ code: merchantHeader || null, host: request.hostname });
        checkModuleId(endpoint, caller, merchant);
        if (!endpoint.openDuringRestriction) hooks.checkSiteAccess(merchant, caller);
        let member: MemberPrincipal | null = null;
        if (auth === 'member' || auth === 'optional') {
          const token = tokenOf(request);
          member = token ? await hooks.authenticateMember(merchant, token) : null;
          if (!member && auth === 'member') throw new AppError('login.not.session');
          if (member) checkMemberAccess(endpoint.access, member);
        }
        const params = endpoint.params ? parseInput(endpoint.params, request.params) : undefined;
        const { raw, files } = await readInput(endpoint, request);
        const input = parseInput(endpoint.request, raw) as ParsedRequestOf<E>;
        // The access rule made `member` present wherever the endpoint's context promises it.
        const ctx = { ...caller, merchant, member } as SiteContextOf<E>;
        const value = await handler({ input, files, params: params as ParamsOf<E>, ctx, request, reply });
        return respond(endpoint, value, request, reply);
      },
    });
  };

  /** A back-office endpoint: no merchant header; the access rule's permission and scope decide what it sees. */
  const admin = <E extends EndpointDef>(endpoint: E, handler: AdminHandler<E>): void => {
    const auth = authOf(endpoint.access);
    if (auth !== 'operator' && auth !== 'none') throw new Error(`${endpoint.name} is a member-site endpoint`);
    app.route({
      method: fastifyMethods(endpoint),
      url: endpoint.path,
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      handler: async (request, reply) => {
        const caller = callerOf(request, hooks.countryHeader);
        checkModuleId(endpoint, caller, null);
        let operator: OperatorPrincipal | null = null;
        if (endpoint.access.kind === 'operator') {
          const token = tokenOf(request);
          operator = token ? await hooks.authenticateOperator(token) : null;
          if (!operator) throw new AppError('login.not.session');
          checkOperatorAccess(endpoint.access, operator, request);
        }
        const params = endpoint.params ? parseInput(endpoint.params, request.params) : undefined;
        const merchant =
          endpoint.access.kind === 'operator' && endpoint.access.scope === 'merchant'
            ? await merchantOfPath(params)
            : undefined;
        const { raw, files } = await readInput(endpoint, request);
        const input = parseInput(endpoint.request, raw) as ParsedRequestOf<E>;
        // Visitor back-office endpoints (login) get the caller alone.
        const ctx = (
          operator ? { ...caller, operator, ...(merchant ? { merchant } : {}) } : caller
        ) as AdminContextOf<E>;
        const value = await handler({ input, files, params: params as ParamsOf<E>, ctx, request, reply });
        return respond(endpoint, value, request, reply);
      },
    });
  };

  /**
   * The Fastify instance, for the few routes outside the envelope (a gateway's or provider's callbacks, images,
   * the web app manifest), which a module's definition registers with its other routes.
   */
  return { site, admin, http: app };
};

export type Registrar = ReturnType<typeof createRegistrar>;
