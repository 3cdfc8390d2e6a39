import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { z } from 'zod';

type Schemas = typeof schemas;
/** The request bodies of the four lead forms (docs/product.md#forms). */
export type LeadInput = 'ContactInput' | 'GetStartedInput' | 'DemoInput' | 'NewsletterInput';
export type LeadBody<N extends LeadInput> = components['schemas'][N];
export type FieldName<N extends LeadInput> = keyof Schemas[N]['properties'] & string;
/** What a form holds: every field as text, '' when empty. */
export type LeadValues = Record<string, string>;

/** The rules of one of the contract's string schemas, as scripts/generate-values.mjs writes them. */
interface StringRules {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: readonly string[];
  'x-messages'?: Partial<Record<'minLength' | 'maxLength' | 'pattern' | 'enum', string>>;
}

/** The name of the contract schema a body field refers to ($ref). */
export function fieldRef<N extends LeadInput>(input: N, field: FieldName<N>): keyof Schemas {
  return (schemas[input].properties as Record<string, { $ref: keyof Schemas }>)[field]!.$ref;
}

/** The rules of the contract schema a body field refers to. */
export const fieldSchema = <N extends LeadInput>(input: N, field: FieldName<N>) =>
  schemas[fieldRef(input, field)] as StringRules;

/** A field's label on its form: its `title` in the contract (the API's own form page shows it too). */
export const fieldLabel = <N extends LeadInput>(input: N, field: FieldName<N>): string =>
  (schemas[input].properties as Record<string, { title?: string }>)[field]!.title ?? field;

/** The words of the form that sends this body, and where it lands once sent (`x-form`). */
export const formWords = (input: LeadInput) => schemas[input]['x-form'];

export const isRequired = <N extends LeadInput>(input: N, field: FieldName<N>) =>
  (schemas[input].required as readonly string[]).includes(field);

export const fieldNames = <N extends LeadInput>(input: N) =>
  Object.keys(schemas[input].properties) as FieldName<N>[];

// Lengths count code points, as JSON Schema (and so the server) does, not UTF-16 units.
const length = (s: string) => [...s].length;

/**
 * A zod rule with the contract's limits, pattern, options and messages (`x-messages`). Text is
 * trimmed before it is checked, as the server does (docs/product.md#forms); the honeypot is sent
 * as typed, so a bot's spaces still give it away.
 */
function fieldRule(rules: StringRules, trim: boolean) {
  const message = rules['x-messages'] ?? {};
  const { minLength: min, maxLength: max, pattern, enum: values } = rules;
  let rule = trim ? z.string().trim() : z.string();
  if (min !== undefined) rule = rule.refine((s) => length(s) >= min, message.minLength);
  if (max !== undefined) rule = rule.refine((s) => length(s) <= max, message.maxLength);
  if (pattern !== undefined) {
    const regex = new RegExp(pattern, 'u');
    rule = rule.refine((s) => regex.test(s), message.pattern);
  }
  if (values !== undefined) rule = rule.refine((s) => values.includes(s), message.enum);
  return rule;
}

/**
 * A form's schema, built from its request body in the contract: the same fields, limits and
 * messages as the server's validator (lead-schema.test.ts proves both accept the same bodies).
 */
export function bodySchema<N extends LeadInput>(input: N): z.ZodType<LeadBody<N>, LeadValues> {
  const shape = Object.fromEntries(
    fieldNames(input).map((name) => [
      name,
      fieldRule(fieldSchema(input, name), fieldRef(input, name) !== 'Honeypot'),
    ]),
  );
  // The parsed object is the contract's body type by construction (and by the test above).
  return z.object(shape) as unknown as z.ZodType<LeadBody<N>, LeadValues>;
}

/**
 * A form's starting values: every field of the body at its contract default, else empty (an
 * unchosen option is sent as ''). The newsletter's consent wording has a default: the one shown.
 */
export const emptyValues = (input: LeadInput): LeadValues =>
  Object.fromEntries(
    fieldNames(input).map((name) => {
      const rules = fieldSchema(input, name) as StringRules & { default?: string };
      return [name, rules.default ?? ''];
    }),
  );
