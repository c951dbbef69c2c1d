import type { z } from 'zod';
import type { EndpointAccess } from './access';

/** Files a multipart endpoint accepts. */
export interface UploadRule {
  readonly field: string;
  readonly maxFiles: number;
  readonly maxBytes: number;
  readonly contentTypes: readonly string[];
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * One endpoint, declared once and used by the server (routing, validation, OpenAPI) and by the browsers
 * (the api client). For GET and DELETE the request schema describes the query string; otherwise the body.
 */
export interface EndpointDef<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Access extends EndpointAccess = EndpointAccess,
> {
  /** Stable name, `<module>.<verbNoun>`; also the browser's query key. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Other verbs the same handler answers (older clients used POST for logout, for example). */
  readonly alsoMethods?: readonly HttpMethod[];
  /** Path with `:param` segments. Member-site paths follow spec section 7; back-office paths live under /api/admin. */
  readonly path: string;
  /**
   * Module ids the caller must send (`ModuleId`, `Module-Id` or `x-module-id`). Empty: none is needed.
   * More than one: the same path serves several flows and the id picks the flow.
   */
  readonly moduleIds: readonly string[];
  /** Who may call it (access.ts); the registrar enforces it before it reads the input. */
  readonly access: Access;
  /** The body travels sealed (ARCHITECTURE.md section 3, "Encrypted payloads"). */
  readonly encrypted: boolean;
  /** Site endpoints that still answer during maintenance or region restriction (site start, help, locales). */
  readonly openDuringRestriction?: boolean;
  /**
   * `form` for application/x-www-form-urlencoded bodies (forgot password by e-mail); `multipart` for
   * multipart/form-data with files: `request` describes the text fields, `upload` the files.
   */
  readonly bodyKind?: 'json' | 'form' | 'multipart';
  /** Multipart endpoints: the file field, how many files, how large, which types (checked by their bytes). */
  readonly upload?: UploadRule;
  /** A larger body than the server's default limit (image uploads), in bytes. */
  readonly bodyLimit?: number;
  readonly params?: Params;
  /**
   * `file`: a success answers the file's bytes themselves (an image, with its type, `Content-Disposition`, nosniff
   * and private caching), not the envelope; `response` then describes what the handler hands the server
   * (`fileAnswerSchema`). Failures are envelopes as always. Default `json`.
   */
  readonly responseKind?: 'json' | 'file';
  readonly request: Req;
  /** Schema of the envelope's `value` on success. */
  readonly response: Res;
  readonly summary: string;
}

export const defineEndpoint = <
  const Req extends z.ZodType,
  const Res extends z.ZodType,
  const Params extends z.ZodType | undefined = undefined,
  const Access extends EndpointAccess = EndpointAccess,
>(
  def: EndpointDef<Req, Res, Params, Access>,
): EndpointDef<Req, Res, Params, Access> => def;

export type RequestOf<E> =
  E extends EndpointDef<infer Req, z.ZodType, z.ZodType | undefined, EndpointAccess> ? z.input<Req> : never;
export type ParsedRequestOf<E> =
  E extends EndpointDef<infer Req, z.ZodType, z.ZodType | undefined, EndpointAccess> ? z.output<Req> : never;
export type ResponseOf<E> =
  E extends EndpointDef<z.ZodType, infer Res, z.ZodType | undefined, EndpointAccess> ? z.output<Res> : never;
export type ParamsOf<E> =
  E extends EndpointDef<z.ZodType, z.ZodType, infer P, EndpointAccess>
    ? P extends z.ZodType
      ? z.output<P>
      : undefined
    : never;

/** The access rule an endpoint declares. */
export type AccessOf<E> = E extends { readonly access: infer A extends EndpointAccess } ? A : never;

/** Fills `:param` segments of a path. */
export const buildPath = (path: string, params?: Record<string, string | number>): string =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
