/** Where the unsent text of each lead form is kept, by the operation the form posts to. */
const KEY = 'lead-form-drafts';

type Drafts = Record<string, Record<string, string>>;

function read(): Drafts {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Drafts;
  } catch {
    return {};
  }
}

function write(drafts: Drafts): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(drafts));
  } catch {
    // storage full or disabled: the form still works, only a reload loses the text
  }
}

/** The fields a person types into: not the hidden ones, not the honeypot. */
const typedFields = (form: HTMLFormElement) =>
  [...form.elements]
    .filter(
      (el): el is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
        (el instanceof HTMLInputElement && el.type !== 'hidden') ||
        el instanceof HTMLTextAreaElement ||
        el instanceof HTMLSelectElement,
    )
    .filter((el) => el.name && el.name !== 'website');

/**
 * Unsent text survives a reload (docs/product.md#forms-without-javascript): each lead form's
 * fields are kept in sessionStorage as they are typed and put back, into fields still empty, when
 * the page starts again, before any form's code takes it over (which then reads them from the
 * fields). A submit clears its form's draft.
 */
export function keepFormDrafts(root: HTMLElement): void {
  const drafts = read();
  for (const form of root.querySelectorAll<HTMLFormElement>('form[method="post"][action^="/api/"]')) {
    const key = form.getAttribute('action')!;
    for (const field of typedFields(form)) {
      const saved = drafts[key]?.[field.name];
      if (saved !== undefined && field.value === '') field.value = saved;
    }
    const save = () => {
      const all = read();
      all[key] = Object.fromEntries(typedFields(form).map((f) => [f.name, f.value]));
      write(all);
    };
    form.addEventListener('input', save);
    form.addEventListener('change', save);
    form.addEventListener('submit', () => {
      const all = read();
      delete all[key];
      write(all);
    });
  }
}
