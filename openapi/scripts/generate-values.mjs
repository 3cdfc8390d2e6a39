#!/usr/bin/env node
// Writes generated/values.js and generated/values.d.ts: the contract's values that code needs at
// run time (enumerations and their labels, length limits, patterns, messages, which fields a request
// body has and which are required), taken from openapi.yaml's component schemas. The types in
// generated/schema.d.ts say what shape data has; these say what the rules are, so the web forms, the
// desk and the emails never write a list, a limit or a message again. The shared parameters' rules
// (the search text, the page cursor) go to generated/parameters.{js,d.ts}, a module of their own: a
// page's router checks its URL by them and should not load every schema for that. The role matrix
// goes to generated/roles.{js,d.ts}.
//   node scripts/generate-values.mjs            writes the files
//   node scripts/generate-values.mjs --check    fails when they are stale
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const document = parse(readFileSync(path.join(dir, 'openapi.yaml'), 'utf8'));

// The keywords of a scalar schema that describe a rule; descriptions and examples are left out.
const RULES = [
  'type',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'pattern',
  'default',
  'x-messages',
  'x-enum-labels',
];

const refName = (ref) => ref.replace('#/components/schemas/', '');

function scalar(schema) {
  const out = {};
  for (const key of RULES) if (schema[key] !== undefined) out[key] = schema[key];
  return out;
}

/** An object schema as its fields: each field names the schema it refers to, or carries its rules. */
function object(schema) {
  const properties = {};
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    // A field's `title` is its label on the form that sends it.
    const title = prop.title === undefined ? {} : { title: prop.title };
    properties[name] = prop.$ref ? { $ref: refName(prop.$ref), ...title } : scalar(prop);
  }
  // `x-form`: the words of the form that sends this body (its button, its failure notice) and
  // where it is on the site: the site's form and the page a refused form post gets.
  const form = schema['x-form'] === undefined ? {} : { 'x-form': schema['x-form'] };
  return { type: 'object', required: schema.required ?? [], properties, ...form };
}

const schemas = {};
for (const [name, schema] of Object.entries(document.components.schemas)) {
  if (schema.type === 'object' && schema.properties) schemas[name] = object(schema);
  else if (!schema.allOf && !schema.oneOf && !schema.anyOf && !schema.$ref) schemas[name] = scalar(schema);
}

const parameters = {};
for (const [name, parameter] of Object.entries(document.components.parameters ?? {})) {
  const schema = parameter.schema ?? {};
  parameters[name] = {
    name: parameter.name,
    in: parameter.in,
    schema: schema.$ref ? { $ref: refName(schema.$ref) } : scalar(schema),
  };
}

// The role matrix (docs/operations.md#roles): the roles, lowest first, and the least role each desk
// operation needs, so the desk hides what the signed-in role may not do by the server's own table.
const requiredRoles = {};
for (const item of Object.values(document.paths)) {
  for (const op of Object.values(item)) {
    if (op && op['x-required-role']) requiredRoles[op.operationId] = op['x-required-role'];
  }
}

const banner =
  '// Generated from openapi.yaml by scripts/generate-values.mjs (npm run generate). Do not edit.\n';
const declared = (json) =>
  json
    .replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1readonly $2:')
    .replace(/^(\s*)("[^"]+"):/gm, '$1readonly $2:')
    .replace(/: \[$/gm, ': readonly [');
const module = (name, value) => {
  const json = JSON.stringify(value, null, 2);
  return {
    js: `${banner}export const ${name} = ${json};\n`,
    dts: `${banner}export declare const ${name}: ${declared(json)};\n`,
  };
};
const values = module('schemas', schemas);
const params = module('parameters', parameters);
const matrix = module('roles', { order: document.components.schemas.Role.enum, requiredRoles });
const files = {
  'generated/values.js': values.js,
  'generated/values.d.ts': values.dts,
  'generated/parameters.js': params.js,
  'generated/parameters.d.ts': params.dts,
  'generated/roles.js': matrix.js,
  'generated/roles.d.ts': matrix.dts,
};

const check = process.argv.includes('--check');
let stale = false;
for (const [file, text] of Object.entries(files)) {
  const target = path.join(dir, file);
  if (check) {
    let current = '';
    try {
      current = readFileSync(target, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (current !== text) {
      console.error(`${file} is stale: run npm run generate`);
      stale = true;
    }
  } else writeFileSync(target, text);
}
process.exit(stale ? 1 : 0);
