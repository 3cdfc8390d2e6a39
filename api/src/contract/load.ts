import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'yaml';
import type { components } from '@lead-desk/contract';

export type JsonSchema = Record<string, unknown>;

/** One invalid field of a request, as the contract's Problem lists it. */
export type FieldError = NonNullable<components['schemas']['Problem']['errors']>[number];

export interface Operation {
  operationId: string;
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** The contract's path, e.g. `/api/demos/{id}`. */
  path: string;
  /** The same path in @koa/router syntax, e.g. `/api/demos/:id`. */
  routerPath: string;
  tags: string[];
  secured: boolean;
  /** `x-allowed-before-enrolment`: answers an admin who must still enrol a second factor. */
  allowedBeforeEnrolment: boolean;
  /** `x-required-role`: the least role that may call it (docs/operations.md#roles); every secured operation has one. */
  requiredRole: Role | undefined;
  /** The JSON body's schema, and an `application/x-www-form-urlencoded` one where the contract has it. */
  body: { schema: JsonSchema; formSchema?: JsonSchema; required: boolean } | undefined;
  query: JsonSchema;
  params: JsonSchema;
  headers: JsonSchema;
  /** Response schemas by status code and media type, fully dereferenced. */
  responses: Record<string, Record<string, JsonSchema>>;
}

/** A desk account's role, lowest first (the contract's `Role` enumeration). */
export type Role = 'viewer' | 'member' | 'admin' | 'owner';

export interface Contract {
  document: JsonSchema;
  /** The contract's roles, lowest first; each may do what those before it may. */
  roles: Role[];
  operations: Map<string, Operation>;
  /** The body of each event the server sends, by type (the top-level `webhooks` section), dereferenced. */
  webhooks: Map<string, JsonSchema>;
}

/** The contract as the workspace package ships it; the Docker image names its own copy (OPENAPI_PATH). */
export function contractPath(): string {
  return createRequire(import.meta.url).resolve('@lead-desk/contract/openapi.yaml');
}

/** Replaces every local `$ref` by a copy of its target; the contract has no recursive schemas. */
function deref(node: unknown, root: JsonSchema, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => deref(n, root, seen));
  if (node === null || typeof node !== 'object') return node;
  const obj = node as Record<string, unknown>;
  const ref = obj.$ref;
  if (typeof ref === 'string') {
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported: ${ref}`);
    if (seen.includes(ref)) throw new Error(`Recursive $ref: ${ref}`);
    const target = ref
      .slice(2)
      .split('/')
      .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((acc, key) => (acc as Record<string, unknown>)?.[key], root);
    if (target === undefined) throw new Error(`Unresolved $ref: ${ref}`);
    const { $ref: _ignored, ...siblings } = obj;
    const resolved = deref(target, root, [...seen, ref]) as Record<string, unknown>;
    return { ...resolved, ...(deref(siblings, root, seen) as Record<string, unknown>) };
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, deref(v, root, seen)]));
}

interface RawParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

function parameterSchema(params: RawParameter[], where: RawParameter['in'], open = false): JsonSchema {
  const chosen = params.filter((p) => p.in === where);
  // Header names are case-insensitive; Node gives them lower-cased.
  const key = (p: RawParameter) => (where === 'header' ? p.name.toLowerCase() : p.name);
  return {
    type: 'object',
    additionalProperties: where === 'header' || open,
    properties: Object.fromEntries(chosen.map((p) => [key(p), p.schema])),
    required: chosen.filter((p) => p.required).map(key),
  };
}

export function loadContract(file: string = contractPath()): Contract {
  const document = parse(readFileSync(file, 'utf8')) as JsonSchema;
  const resolved = deref(document, document) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    webhooks?: Record<string, { post: { requestBody: { content: Record<string, { schema: JsonSchema }> } } }>;
    security?: unknown[];
  };
  const roles = ((document.components as { schemas: Record<string, { enum?: Role[] }> }).schemas.Role?.enum ??
    []) as Role[];
  const roleOf = (operationId: string, raw: string | undefined): Role | undefined => {
    if (raw === undefined) return undefined;
    if (!roles.includes(raw as Role)) throw new Error(`${operationId}: x-required-role ${raw} is no Role`);
    return raw as Role;
  };
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(resolved.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as {
        operationId: string;
        tags?: string[];
        security?: unknown[];
        'x-allowed-before-enrolment'?: boolean;
        'x-required-role'?: string;
        /** Another party's redirect adds parameters of its own (an identity provider's callback). */
        'x-open-query'?: boolean;
        parameters?: RawParameter[];
        requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
        responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
      };
      const params = op.parameters ?? [];
      const jsonBody = op.requestBody?.content['application/json'];
      const formBody = op.requestBody?.content['application/x-www-form-urlencoded'];
      operations.set(op.operationId, {
        operationId: op.operationId,
        method: method as Operation['method'],
        path,
        routerPath: path.replace(/\{(\w+)\}/g, ':$1'),
        tags: op.tags ?? [],
        secured: (op.security ?? resolved.security ?? []).length > 0,
        allowedBeforeEnrolment: op['x-allowed-before-enrolment'] === true,
        requiredRole: roleOf(op.operationId, op['x-required-role']),
        body: jsonBody
          ? {
              schema: jsonBody.schema,
              ...(formBody ? { formSchema: formBody.schema } : {}),
              required: op.requestBody?.required ?? false,
            }
          : undefined,
        query: parameterSchema(params, 'query', op['x-open-query'] === true),
        params: parameterSchema(params, 'path'),
        headers: parameterSchema(params, 'header'),
        responses: Object.fromEntries(
          Object.entries(op.responses).map(([status, r]) => [
            status,
            Object.fromEntries(Object.entries(r.content ?? {}).map(([type, c]) => [type, c.schema])),
          ]),
        ),
      });
    }
  }
  const webhooks = new Map(
    Object.entries(resolved.webhooks ?? {}).map(([type, item]) => [
      type,
      item.post.requestBody.content['application/json']!.schema,
    ]),
  );
  return { document, roles, operations, webhooks };
}
