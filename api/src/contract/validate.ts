import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { hasVisibleCharacter } from './input-rules.ts';
import type { FieldError, JsonSchema, Operation } from './load.ts';

// ajv-formats ships CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

const VENDOR_KEYWORDS = ['x-messages', 'x-enum-labels', 'x-multiline', 'x-form'];

function newAjv(opts: { coerce: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    coerceTypes: opts.coerce,
    useDefaults: opts.coerce,
  });
  addFormats(ajv);
  ajv.addVocabulary(VENDOR_KEYWORDS);
  // `x-visible: true`: the text needs a character a reader can see (docs/product.md#forms).
  ajv.addKeyword({
    keyword: 'x-visible',
    type: 'string',
    schemaType: 'boolean',
    validate: (wanted: boolean, data: string) => !wanted || hasVisibleCharacter(data),
  });
  return ajv;
}

const bodyAjv = newAjv({ coerce: false });
const paramAjv = newAjv({ coerce: true });

type Messages = Partial<Record<string, string>>;

function messagesOf(schema: unknown): Messages {
  return ((schema as Record<string, unknown> | undefined)?.['x-messages'] ?? {}) as Messages;
}

function label(path: string): string {
  const last = path.split('/').filter(Boolean).pop() ?? 'body';
  return last;
}

/** Turns ajv's errors into the contract's messages, one per field, in a stable order. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, where = ''): FieldError[] {
  const byPath = new Map<string, string>();
  for (const e of errors ?? []) {
    let path = where + e.instancePath;
    let message: string | undefined;
    if (e.keyword === 'required') {
      const prop = (e.params as { missingProperty: string }).missingProperty;
      path = `${path}/${prop}`;
      const propSchema = (e.parentSchema as { properties?: Record<string, unknown> })?.properties?.[prop];
      message = messagesOf(propSchema).required ?? `${prop} is required`;
    } else if (e.keyword === 'additionalProperties') {
      const prop = (e.params as { additionalProperty: string }).additionalProperty;
      path = `${path}/${prop}`;
      message = `${prop} is not a known field`;
    } else {
      message = messagesOf(e.parentSchema)[e.keyword];
      if (!message) {
        if (e.keyword === 'type' && e.instancePath === '') message = 'The body must be a JSON object';
        else if (e.keyword === 'enum') {
          const allowed = ((e.params as { allowedValues: unknown[] }).allowedValues ?? [])
            .map((v) => JSON.stringify(v))
            .join(', ');
          message = `${label(path)} must be one of ${allowed}`;
        } else message = `${label(path)} ${e.message ?? 'is invalid'}`;
      }
    }
    if (!byPath.has(path)) byPath.set(path, message);
  }
  return [...byPath].map(([path, message]) => ({ path, message }));
}

export interface OperationValidators {
  body: ValidateFunction | undefined;
  formBody: ValidateFunction | undefined;
  query: ValidateFunction;
  params: ValidateFunction;
  headers: ValidateFunction;
}

export function compileOperation(op: Operation): OperationValidators {
  return {
    body: op.body ? bodyAjv.compile(op.body.schema) : undefined,
    formBody: op.body?.formSchema ? bodyAjv.compile(op.body.formSchema) : undefined,
    query: paramAjv.compile(op.query),
    params: paramAjv.compile(op.params),
    headers: bodyAjv.compile(op.headers),
  };
}

/** Validators for the responses an operation may give, for tests that check every answer. */
export function compileResponses(op: Operation): Map<string, ValidateFunction> {
  const out = new Map<string, ValidateFunction>();
  for (const [status, media] of Object.entries(op.responses)) {
    for (const [type, schema] of Object.entries(media)) {
      out.set(`${status} ${type}`, bodyAjv.compile(schema as JsonSchema));
    }
  }
  return out;
}

/** A validator for each event body the contract's `webhooks` section describes, by type (for tests). */
export function compileWebhooks(webhooks: Map<string, JsonSchema>): Map<string, ValidateFunction> {
  return new Map([...webhooks].map(([type, schema]) => [type, bodyAjv.compile(schema)]));
}
