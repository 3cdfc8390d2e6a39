import type { JsonSchema } from './load.ts';

/**
 * How many levels of arrays and objects a value of `schema` can have (a scalar is 0, `{"a": 1}` is
 * 1, `{"a": [1]}` is 2); Infinity where the schema lets anything in (no type, an open object, an
 * array without `items`). The contract has no recursive schemas, so this terminates.
 */
export function schemaDepth(schema: JsonSchema | boolean | undefined): number {
  if (schema === undefined || schema === true) return Infinity;
  if (schema === false) return 0;
  const branches = ['oneOf', 'anyOf', 'allOf'].flatMap((k) => (schema[k] as JsonSchema[] | undefined) ?? []);
  const types = [schema.type].flat().filter((t): t is string => typeof t === 'string');
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  let depth = branches.length > 0 ? Math.max(...branches.map(schemaDepth)) : 0;
  if (types.includes('object') || properties) {
    const extra = schema.additionalProperties as JsonSchema | boolean | undefined;
    const children = [...Object.values(properties ?? {}), ...(extra === false ? [] : [extra])];
    depth = Math.max(depth, 1 + Math.max(0, ...children.map(schemaDepth)));
  }
  if (types.includes('array')) depth = Math.max(depth, 1 + schemaDepth(schema.items as JsonSchema));
  const constrained = types.length > 0 || branches.length > 0 || 'const' in schema || 'enum' in schema;
  return constrained ? depth : Infinity;
}
