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

/** A field's label on its form: its `title` in the contract. */
export const fieldLabel = <N extends LeadInput>(input: N, field: FieldName<N>): string =>
  (schemas[input].properties as Record<string, { title?: string }>)[field]!.title ?? field;

/** The words of the form that sends this body, and where it lands once sent (`x-form`). */
export const formWords = (input: LeadInput) => schemas[input]['x-form'];

export const isRequired = <N extends LeadInput>(input: N, field: FieldName<N>) =>
  (schemas[input].required as readonly string[]).includes(field);

export const fieldNames = <N extends LeadInput>(input: N) =>
  Object.keys(schemas[input].properties) as FieldName<N>[];

/**
 * A pattern of the contract as an HTML `pattern` attribute, which the browser compiles with the
 * `v` flag: there a class's literal punctuation must be escaped (`[{|}~-]` is a syntax error, and
 * the browser would drop the rule). Outside classes, and for ranges, the pattern stays as written.
 */
export function htmlPattern(pattern: string): string {
  const reserved = new Set('()[]{}/|-&!#%,:;<=>@`~^$.*+?');
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      out += c + (pattern[++i] ?? '');
    } else if (!inClass) {
      if (c === '[') {
        inClass = true;
        out += pattern[i + 1] === '^' ? (i++, '[^') : '[';
      } else out += c;
    } else if (c === ']') {
      inClass = false;
      out += c;
    } else if (c === '-' && out.at(-1) !== '[' && out.at(-1) !== '^' && pattern[i + 1] !== ']') {
      out += c; // a range
    } else out += reserved.has(c) ? `\\${c}` : c;
  }
  return out;
}

/**
 * The contract's rules of a field the browser can check itself, as HTML attributes: the form is
 * the browser's own until its code takes it over (docs/product.md#forms-without-javascript). The
 * browser counts UTF-16 units where the contract counts code points, so for text outside the
 * Basic Multilingual Plane its limits are a little stricter (maxlength) or looser (minlength).
 */
export function htmlRules<N extends LeadInput>(input: N, field: FieldName<N>) {
  const { minLength, maxLength, pattern } = fieldSchema(input, field);
  return {
    ...(isRequired(input, field) ? { required: true } : {}),
    ...(minLength !== undefined ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(pattern !== undefined ? { pattern: htmlPattern(pattern) } : {}),
  };
}

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
