import type { JsonSchema, Operation } from '../contract/load.ts';
import { KEPT_MINUTES, type KeptForm, type Refusal } from './kept-forms.ts';

/** The words and places of a form, from its body schema's `x-form` in the contract. */
export interface FormWords {
  submit: string;
  failed: string;
  /** The site's page that holds the form. */
  page: string;
  /** The site's page a form post lands on once accepted. */
  sent: string;
}

export const formWordsOf = (op: Operation): FormWords | undefined =>
  op.body?.schema['x-form'] as FormWords | undefined;

interface Property extends JsonSchema {
  title?: string;
  enum?: string[];
  default?: string;
  'x-enum-labels'?: Record<string, string>;
  'x-multiline'?: boolean;
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What the page says above the form, by why the post was refused (docs/product.md#forms). */
const REASONS: Record<Refusal, string> = {
  invalid: 'Please correct the fields marked below and send the form again.',
  limited: 'Too many submissions from your address. Please try again in a minute.',
};

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f9fafb;line-height:1.5}
main{max-width:42rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.5rem;margin:0 0 .5rem;color:#b91c1c}
form{background:#fff;border:1px solid #e5e7eb;border-radius:.5rem;padding:1.5rem;margin-top:1rem}
.field{margin-bottom:1rem}
label{display:block;font-weight:500;margin-bottom:.25rem}
input,select,textarea{box-sizing:border-box;width:100%;padding:.5rem;border:1px solid #d1d5db;border-radius:.375rem;font:inherit;background:#fff;color:inherit}
[aria-invalid=true]{border-color:#b91c1c}
.error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button{background:#2563eb;color:#fff;border:0;border-radius:.375rem;padding:.625rem 1.25rem;font:inherit;font-weight:600;cursor:pointer}
a{color:#1d4ed8}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} | TextFlow</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function field(name: string, prop: Property, required: boolean, value: string, error: string | undefined) {
  const id = `field-${name}`;
  const invalid = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  const label = `<label for="${id}">${escape(prop.title!)}${required ? ' *' : ''}</label>`;
  let control: string;
  if (prop.enum) {
    const labels = prop['x-enum-labels'] ?? {};
    const options = prop.enum.map(
      (v) =>
        `<option value="${escape(v)}"${v === value ? ' selected' : ''}>${escape(labels[v] ?? 'Select an option')}</option>`,
    );
    control = `<select id="${id}" name="${name}"${invalid}>${options.join('')}</select>`;
  } else if (prop['x-multiline']) {
    // The line break after the tag is the parser's to drop, so a value's own first one stays.
    control = `<textarea id="${id}" name="${name}" rows="4"${invalid}>\n${escape(value)}</textarea>`;
  } else {
    const type = name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text';
    control = `<input id="${id}" name="${name}" type="${type}" value="${escape(value)}"${required ? ' required' : ''}${invalid}>`;
  }
  const message = error ? `<p class="error" id="${id}-error">${escape(error)}</p>` : '';
  return `<div class="field">${label}${control}${message}</div>`;
}

/**
 * The form again, filled in as it was posted, with each field's message in the contract's words,
 * posting to the same operation; or, for a token that is gone, where to find the forms.
 */
export function renderFormPage(op: Operation, kept: KeptForm): string {
  const words = formWordsOf(op)!;
  const schema = op.body!.schema as { properties: Record<string, Property>; required?: string[] };
  const errorOf = new Map(kept.errors.map((e) => [e.path.replace(/^\//, ''), e.message]));
  const fields: string[] = [];
  for (const [name, prop] of Object.entries(schema.properties)) {
    const value = kept.values[name] ?? prop.default ?? '';
    if (name === 'website') {
      // The honeypot, as on the site's form: empty, hidden from people.
      fields.push(
        `<div class="trap" aria-hidden="true"><label>Website <input type="text" name="website" tabindex="-1" autocomplete="off"></label></div>`,
      );
    } else if (prop.title === undefined) {
      fields.push(`<input type="hidden" name="${name}" value="${escape(value)}">`);
    } else {
      const required = schema.required?.includes(name) ?? false;
      fields.push(field(name, prop, required, value, errorOf.get(name)));
    }
  }
  // A field the form does not have (only a hand-made post sends one) has no place to show its message.
  const stray = kept.errors.filter((e) => !(e.path.replace(/^\//, '') in schema.properties));
  const strayText = stray.length > 0 ? '<p class="error">The form sent a field it does not have.</p>' : '';
  return page(
    words.failed,
    `<h1>${escape(words.failed)}</h1>
<p role="alert">${escape(REASONS[kept.refusal])}</p>${strayText}
<form method="post" action="${escape(op.path)}" novalidate>
${fields.join('\n')}
<button type="submit">${escape(words.submit)}</button>
</form>
<p><a href="${escape(words.page)}">Back to the site</a></p>`,
  );
}

/** The page for a token that is gone: the submission was kept only for a while. */
export function renderExpiredPage(): string {
  return page(
    'Form expired',
    `<h1>This form is no longer here</h1>
<p>What was sent is kept only for ${KEPT_MINUTES} minutes. Please fill in the form again.</p>
<p><a href="/">Back to Home</a></p>`,
  );
}
