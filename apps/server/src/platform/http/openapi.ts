import { allEndpoints, authOf, type EndpointDef, errorCatalogue, PROOF_UPLOAD } from '@tessera/contracts';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    cycles: 'ref',
  }) as JsonSchema;
  return rest;
};

const envelopeOf = (value: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['success', 'value', 'message', 'errorCode'],
  properties: {
    success: { type: 'boolean' },
    value,
    message: { type: ['string', 'null'] },
    errorCode: { type: ['string', 'null'] },
  },
});

const failure: JsonSchema = {
  type: 'object',
  properties: {
    success: { const: false },
    value: {},
    message: { type: 'string' },
    errorCode: { type: 'string', enum: Object.keys(errorCatalogue) },
    fieldErrors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, code: { type: 'string' }, params: { type: 'object' } },
      },
    },
  },
};

const operationOf = (endpoint: EndpointDef): JsonSchema => {
  const isAdmin = endpoint.path.startsWith('/api/admin');
  const parameters: JsonSchema[] = [];
  if (!isAdmin) {
    parameters.push({
      name: 'Merchant',
      in: 'header',
      required: false,
      description: 'Merchant code; without it the merchant is found by the request host.',
      schema: { type: 'string' },
    });
  }
  if (endpoint.moduleIds.length > 0) {
    parameters.push({
      name: 'ModuleId',
      in: 'header',
      required: true,
      description: 'Also accepted as Module-Id or x-module-id.',
      schema: { type: 'string', enum: [...endpoint.moduleIds] },
    });
  }
  parameters.push({ name: 'Language', in: 'header', required: false, schema: { type: 'string' } });
  if (endpoint.params) {
    const props = (toSchema(endpoint.params, 'input').properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, schema] of Object.entries(props)) parameters.push({ name, in: 'path', required: true, schema });
  }
  const request = toSchema(endpoint.request, 'input');
  const operation: JsonSchema = {
    operationId: endpoint.name,
    summary: endpoint.summary,
    tags: [endpoint.name.split('.')[0]],
    'x-encrypted': endpoint.encrypted,
    'x-module-ids': endpoint.moduleIds,
    parameters,
    responses: {
      200: {
        description: 'Success',
        content:
          endpoint.responseKind === 'file'
            ? Object.fromEntries(
                PROOF_UPLOAD.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
              )
            : { 'application/json': { schema: envelopeOf(toSchema(endpoint.response, 'output')) } },
      },
      '4XX': { description: 'Failure with an error code', content: { 'application/json': { schema: failure } } },
    },
  };
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
    const props = (request.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((request.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(props)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  } else {
    if (endpoint.bodyKind === 'multipart' && endpoint.upload) {
      const { field, maxFiles } = endpoint.upload;
      const files = { type: 'array', maxItems: maxFiles, items: { type: 'string', format: 'binary' } };
      const schema = { ...request, properties: { ...(request.properties ?? {}), [field]: files } };
      operation.requestBody = { required: true, content: { 'multipart/form-data': { schema } } };
    } else {
      const mediaType = endpoint.bodyKind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      operation.requestBody = { required: true, content: { [mediaType]: { schema: request } } };
    }
  }
  const auth = authOf(endpoint.access);
  if (auth === 'member' || auth === 'operator') operation.security = [{ sessionToken: [] }];
  if (auth === 'optional') operation.security = [{}, { sessionToken: [] }];
  return operation;
};

/** The OpenAPI 3.1 document of every declared endpoint, served at /api/docs. */
export const buildOpenApiDocument = (endpoints: readonly EndpointDef[] = allEndpoints): JsonSchema => {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of endpoints) {
    const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] ??= {};
    for (const method of [endpoint.method, ...(endpoint.alsoMethods ?? [])]) {
      paths[path][method.toLowerCase()] = operationOf(endpoint);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tessera API',
      version: '1.0.0',
      description:
        'Every response is the envelope {success, value, message, errorCode}. Failures carry an error code that is also the i18n key.',
    },
    components: {
      securitySchemes: {
        sessionToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The raw session token.' },
      },
    },
    paths,
  };
};
