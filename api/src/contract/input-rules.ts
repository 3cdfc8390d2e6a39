import type { FieldError } from './load.ts';

/**
 * What text the API takes (docs/product.md#forms): no control characters (C0, DEL, C1) — tab,
 * line feed and carriage return only in multi-line fields (`x-multiline` in the contract) — and
 * no lone surrogates (they are not text and cannot be stored). Applied to every string of a
 * body, query and path, at any depth, before the contract's own checks.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
const LINE_BREAKS = /[\t\n\r]/u;
const LONE_SURROGATE = /\p{Cs}/u;

function problemIn(text: string, multiline: boolean): string | undefined {
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text';
  if (CONTROL.test(text) || (!multiline && LINE_BREAKS.test(text)))
    return 'must not contain control characters';
  return undefined;
}

/** Field errors for every string breaking the rules; `multiline` names the top-level fields that may span lines. */
export function textProblems(
  value: unknown,
  where: string,
  multiline: ReadonlySet<string> = new Set(),
): FieldError[] {
  const found: FieldError[] = [];
  const walk = (v: unknown, path: string, field: string | undefined) => {
    if (typeof v === 'string') {
      const why = problemIn(v, field !== undefined && multiline.has(field));
      if (why) found.push({ path, message: `${path.split('/').pop() || 'body'} ${why}` });
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`, field));
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const keyWhy = problemIn(k, false);
        if (keyWhy) found.push({ path, message: `a field name ${keyWhy}` });
        walk(x, `${path}/${k}`, field ?? k);
      }
    }
  };
  walk(value, where, undefined);
  return found;
}

/**
 * True when JSON text opens more than `max` arrays or objects inside one another. A linear scan of
 * the text, before it is parsed: no recursion can overflow on what a client nests
 * (docs/product.md#errors).
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** A name needs a character a reader can see: not only spaces, format or combining marks, fillers. */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{C}]/u;
export const hasVisibleCharacter = (text: string) => VISIBLE.test(text);

/** The fields of an object schema marked `x-multiline` in the contract. */
export function multilineFields(schema: unknown): Set<string> {
  const props =
    (schema as { properties?: Record<string, Record<string, unknown>> } | undefined)?.properties ?? {};
  return new Set(
    Object.entries(props)
      .filter(([, p]) => p['x-multiline'] === true)
      .map(([k]) => k),
  );
}
