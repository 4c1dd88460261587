import fs from 'node:fs';
import path from 'node:path';
import { type Endpoint, isWireNumber } from '@oj/shared';
import { ALL_ENDPOINTS } from '@oj/shared/endpoints';
import { z } from 'zod';
import { REPO_ROOT } from '../../config.js';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** A route the server binds outside the contract (it answers something other than the JSON envelope). */
export interface RawOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  /** The media type of the answer. */
  produces: string;
  security?: 'metricsToken';
}

/** Every route bound outside the contract. A route added with `app.get()` & co. belongs here, or the test that
 * compares the bound routes with the document fails. */
export const RAW_OPERATIONS: RawOperation[] = [
  {
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics of this server instance (bearer OJ_METRICS_TOKEN; 404 while unset)',
    produces: 'text/plain; version=0.0.4',
    security: 'metricsToken',
  },
  {
    method: 'GET',
    path: '/api/public/img/:name',
    summary: 'An uploaded image (avatar, statement image, carousel), by its random name',
    produces: 'image/*',
  },
  {
    method: 'GET',
    path: '/api/public/file/:name',
    summary: 'A statement attachment, by its random name (sent as an attachment)',
    produces: 'application/octet-stream',
  },
  { method: 'GET', path: '/api/openapi.json', summary: 'This document', produces: 'application/json' },
  { method: 'GET', path: '/api/docs', summary: 'The API reference page', produces: 'text/html' },
  { method: 'GET', path: '/api/docs/docs.js', summary: "The reference page's script", produces: 'text/javascript' },
  { method: 'GET', path: '/api/docs/docs.css', summary: "The reference page's styles", produces: 'text/css' },
];

const { version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8')) as {
  version: string;
};

/** Ids and integers on the wire are a JSON number or a string of decimal digits: said so in the schema. */
const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: (ctx) => {
      if (io !== 'input' || !isWireNumber(ctx.zodSchema)) return;
      const number = { ...ctx.jsonSchema };
      for (const k of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[k as keyof typeof ctx.jsonSchema];
      const def = number.default;
      delete number.default;
      Object.assign(ctx.jsonSchema, {
        anyOf: [number, { type: 'string', pattern: '^-?\\d{1,20}$' }],
        ...(def === undefined ? {} : { default: def }),
      });
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
};

const ACCESS_TEXT: Record<Endpoint['access'], string> = {
  public: 'Anyone; a signed-in caller may see more.',
  user: 'A signed-in user.',
  admin: 'An admin (root, admin or problem_admin).',
  root: 'The super admin (root).',
  judge: 'A judge worker (bearer OJ_JUDGE_TOKEN).',
};

const envelopeOf = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['status', 'msg', 'data'],
  properties: { status: { const: 200 }, msg: { type: 'string' }, data },
});

const contractOperation = (name: string, e: Endpoint): Operation => {
  const [tag] = name.split('.');
  const input = toJsonSchema(e.input, 'input');
  // Required is what the schema refuses to miss: a preprocessed field (an empty query string, "1,2" lists) may be
  // absent even where zod's JSON Schema output lists it.
  if (e.input instanceof z.ZodObject && input.properties) {
    const shape = e.input.shape as Record<string, z.ZodType>;
    const required = Object.keys(shape).filter((k) => !shape[k].safeParse(undefined).success);
    if (required.length) input.required = required;
    else delete input.required;
  }
  const rules = [
    ACCESS_TEXT[e.access],
    e.roles ? `Roles: ${e.roles.join(', ')}.` : '',
    e.permission ? `Permission: ${e.permission}.` : '',
    e.switch ? `Site switch: ${e.switch} (off: 403).` : '',
  ].filter(Boolean);
  const op: Operation = {
    operationId: name,
    tags: [tag],
    summary: `${e.method} ${e.path}`,
    description: rules.join(' '),
    'x-access': e.access,
    security:
      e.access === 'judge'
        ? [{ judgeToken: [] }]
        : e.access === 'public'
          ? [{}, { sessionToken: [] }]
          : [{ sessionToken: [] }],
    responses: {
      '200': e.binary
        ? {
            description: e.produces ? `The ${e.produces} answer` : 'The file',
            content: { [e.produces ?? 'application/octet-stream']: { schema: {} } },
          }
        : {
            description: 'Success',
            content: { 'application/json': { schema: envelopeOf(toJsonSchema(e.output, 'output')) } },
          },
      default: {
        description: 'Failure: the HTTP status is the body status (400, 401, 403, 404, 429, 500, 502)',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
  if (e.upload) {
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: input, 'x-max-file-bytes': e.upload.maxBytes } },
    };
  } else if (e.method === 'GET') {
    const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((input.required ?? []) as string[]);
    // Lists travel as one comma-separated value ("1,2").
    op.parameters = Object.entries(properties).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema,
      ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
    }));
  } else {
    op.requestBody = {
      required: false,
      description: 'A JSON body; the same fields may also be sent as query parameters (HOJ style).',
      content: { 'application/json': { schema: input } },
    };
  }
  return op;
};

const rawOperation = (r: RawOperation): Operation => ({
  operationId: `raw:${r.method} ${r.path}`,
  tags: ['operations'],
  summary: r.summary,
  security: r.security ? [{ [r.security]: [] }] : [],
  parameters: [...r.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  })),
  responses: { '200': { description: r.summary, content: { [r.produces]: { schema: {} } } } },
});

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** The OpenAPI 3.1 document of the whole HTTP API, generated from the contract in @oj/shared (zod's JSON Schema
 * output) and the few routes outside it (decision 0033). */
export const buildOpenApiDocument = () => {
  const paths: Record<string, Record<string, Operation>> = {};
  const add = (method: string, path: string, op: Operation) => {
    const p = openApiPath(path);
    paths[p] ??= {};
    paths[p][method.toLowerCase()] = op;
  };
  for (const { name, endpoint } of ALL_ENDPOINTS)
    add(endpoint.method, endpoint.path, contractOperation(name, endpoint));
  for (const r of RAW_OPERATIONS) add(r.method, r.path, rawOperation(r));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Online judge API',
      version,
      description:
        'Every JSON answer is the envelope {status, msg, data}; the HTTP status equals the body status. ' +
        'A token travels in the Authorization header (raw or Bearer); an answer with a `refresh-token: true` header ' +
        'carries a fresh token in Authorization. Numbers may be sent as JSON numbers or strings of digits.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        sessionToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The login token' },
        judgeToken: { type: 'http', scheme: 'bearer', description: 'OJ_JUDGE_TOKEN' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'OJ_METRICS_TOKEN' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['status', 'msg', 'data'],
          properties: {
            status: { type: 'integer' },
            msg: { type: 'string', description: "In the request's Accept-Language (zh-CN or en-US)" },
            data: {
              type: 'object',
              required: ['key'],
              properties: {
                key: { type: 'string', description: 'The message key in @oj/shared' },
                field: { type: 'string', description: 'The input field at fault' },
                seconds: { type: 'integer', description: 'A 429: the wait, also in Retry-After' },
                requestId: { type: 'string', description: 'The id of the request in the server log' },
              },
            },
          },
        },
      },
    },
    paths,
  };
};
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
