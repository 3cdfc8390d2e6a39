import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { schemas } from '@lead-desk/contract/values';
import { page, userEvent } from 'vitest/browser';
import type { FormName } from '../../../components/form-view.ts';
import { toaster } from '../../../components/toaster.tsx';
import IslandProviders from '../../../islands/providers.tsx';
import LeadForm from './lead-form.tsx';

// The lead forms as a visitor's browser runs them, without a server: what each form says and does
// between a press and the API's answer (docs/product.md#forms). The one walk per form against the
// real server is in tests/e2e/site-forms.spec.ts and site-contact-form.spec.ts.

/**
 * The API as these tests want it to answer: the client's fetch is taken before any module reads it
 * (openapi-fetch keeps the fetch it found when the client was made). Requests outside /api/ go on.
 */
const api = vi.hoisted(() => {
  const real = globalThis.fetch.bind(globalThis);
  const state = {
    answer: undefined as ((req: Request) => Promise<Response> | Response) | undefined,
    requests: [] as Request[],
  };
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const { pathname } = new URL(req.url, location.href);
    if (state.answer && pathname.startsWith('/api/') && pathname !== '/api/spam-challenge') {
      state.requests.push(req);
      return Promise.resolve(state.answer(req));
    }
    return real(input, init);
  };
  return state;
});

const problem = (status: number, detail: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status, detail }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
const created = () =>
  new Response(JSON.stringify({ id: 1, createdAt: new Date().toISOString() }), {
    status: 201,
    headers: { 'Content-Type': 'application/json' },
  });

// The page's one notices region, as the first island of a page mounts it (islands/providers.tsx).
const noticesHost = document.body.appendChild(document.createElement('div'));
const noticesRoot = createRoot(noticesHost);
noticesRoot.render(<IslandProviders>{null}</IslandProviders>);

let mounted: { root: Root; host: HTMLElement } | undefined;
function show(kind: FormName) {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  root.render(
    <IslandProviders>
      <LeadForm kind={kind} />
    </IslandProviders>,
  );
  mounted = { root, host };
}

afterEach(() => {
  mounted?.root.unmount();
  mounted?.host.remove();
  mounted = undefined;
  toaster.remove();
  api.answer = undefined;
  api.requests = [];
  sessionStorage.clear();
});
afterAll(() => noticesRoot.unmount());

describe('contact form', () => {
  const form = () => page.getByRole('form', { name: 'Contact form' });

  test('checks on submit with the contract’s messages, then on every change', async () => {
    show('contact');
    await form().getByLabelText('Name *').fill('A');
    await expect.element(form().getByText('Name must be at least 2 characters')).not.toBeInTheDocument();
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(form().getByText('Name must be at least 2 characters')).toBeVisible();
    await expect.element(form().getByText('Please enter a valid email address')).toBeVisible();
    await expect.element(form().getByText('Message must be at least 10 characters')).toBeVisible();
    await form().getByLabelText('Name *').fill('Ada');
    await expect.element(form().getByText('Name must be at least 2 characters')).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  test('keeps what was typed and shows the server’s detail when sending fails', async () => {
    api.answer = () => problem(503, 'The service is briefly unavailable. Please try again shortly.');
    show('contact');
    await form().getByLabelText('Name *').fill('Grace Hopper');
    await form().getByLabelText('Email *').fill('grace@example.com');
    await form().getByLabelText('Message *').fill('This should fail but stay typed.');
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(page.getByText('Error sending message')).toBeVisible();
    await expect
      .element(page.getByText('The service is briefly unavailable. Please try again shortly.'))
      .toBeVisible();
    await expect.element(form().getByLabelText('Name *')).toHaveValue('Grace Hopper');
    await expect.element(form().getByLabelText('Message *')).toHaveValue('This should fail but stay typed.');
  });

  test('a failure without the server’s explanation says to try again later', async () => {
    api.answer = () => new Response('Bad gateway', { status: 502 });
    show('contact');
    await form().getByLabelText('Name *').fill('Grace Hopper');
    await form().getByLabelText('Email *').fill('grace@example.com');
    await form().getByLabelText('Message *').fill('A proxy answers instead of the API.');
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(page.getByText('Error sending message')).toBeVisible();
    await expect.element(page.getByText('Please try again later.')).toBeVisible();
  });

  test('shows Sending... with the button disabled while the answer is on its way', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.answer = async () => {
      await held;
      return created();
    };
    show('contact');
    await form().getByLabelText('Name *').fill('Pending Person');
    await form().getByLabelText('Email *').fill('pending@example.com');
    await form().getByLabelText('Message *').fill('Waiting for the server to answer.');
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(form().getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect.element(page.getByText('Message sent successfully!')).toBeVisible();
    await expect.element(form().getByLabelText('Name *')).toHaveValue('');
  });

  test('a retry of the same text after a failure keeps its Idempotency-Key', async () => {
    let answers = 0;
    api.answer = () => (answers++ === 0 ? problem(503, 'Try again.') : created());
    show('contact');
    await form().getByLabelText('Name *').fill('Retry Person');
    await form().getByLabelText('Email *').fill('retry@example.com');
    await form().getByLabelText('Message *').fill('The first try fails, the second goes.');
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(page.getByText('Error sending message')).toBeVisible();
    await form().getByRole('button', { name: 'Send Message' }).click();
    await expect.element(page.getByText('Message sent successfully!')).toBeVisible();
    expect(api.requests).toHaveLength(2);
    const keys = api.requests.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('get-started and demo forms', () => {
  test('get-started: an answer without an explanation says to try again later, and keeps the values', async () => {
    api.answer = () => new Response('', { status: 500 });
    show('get-started');
    const form = page.getByRole('form', { name: 'Get started' });
    await form.getByLabelText('Full Name *').fill('Kept Name');
    await form.getByLabelText('Email Address *').fill('kept@example.com');
    await form.getByRole('button', { name: 'Get Started' }).click();
    await expect.element(page.getByText('Error submitting request')).toBeVisible();
    await expect.element(page.getByText('Please try again later.')).toBeVisible();
    await expect.element(form.getByLabelText('Full Name *')).toHaveValue('Kept Name');
  });

  test('demo: a refusal shows the server’s detail under the form’s failure title', async () => {
    api.answer = () =>
      new Response(
        JSON.stringify({
          status: 429,
          title: 'Too Many Requests',
          detail: 'Too many submissions from your address. Please try again in a minute.',
        }),
        { status: 429, headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '60' } },
      );
    show('demo');
    const form = page.getByRole('form', { name: 'Book your demo' });
    await form.getByLabelText('Full Name *').fill('Busy Person');
    await form.getByLabelText('Email Address *').fill('busy@example.com');
    await form.getByRole('button', { name: 'Schedule Demo' }).click();
    await expect.element(page.getByText('Error scheduling demo')).toBeVisible();
    await expect
      .element(page.getByText('Too many submissions from your address. Please try again in a minute.'))
      .toBeVisible();
    await expect.element(form.getByLabelText('Full Name *')).toHaveValue('Busy Person');
  });

  test('each select offers the contract’s options with its labels, after an empty choice', async () => {
    const selects = [
      { kind: 'contact', form: 'Contact form', label: 'Service Interest', schema: schemas.Service },
      {
        kind: 'get-started',
        form: 'Get started',
        label: 'Primary Service Interest',
        schema: schemas.Service,
      },
      {
        kind: 'get-started',
        form: 'Get started',
        label: 'Monthly Message Volume',
        schema: schemas.MonthlyVolume,
      },
      { kind: 'demo', form: 'Book your demo', label: 'Preferred Date', schema: schemas.PreferredDate },
      { kind: 'demo', form: 'Book your demo', label: 'Preferred Time', schema: schemas.PreferredTime },
    ] as const;
    for (const { kind, form, label, schema } of selects) {
      show(kind);
      const field = page.getByRole('form', { name: form }).getByLabelText(label);
      await expect.element(field).toBeInTheDocument();
      const select = field.element() as HTMLSelectElement;
      const options = [...select.options].map((o) => [o.value, o.textContent]);
      const labels = schema['x-enum-labels'] as Record<string, string>;
      const expected = schema.enum.filter((v) => v !== '').map((v) => [v, labels[v]]);
      expect(options[0]?.[0], label).toBe('');
      expect(options.slice(1), label).toEqual(expected);
      mounted!.root.unmount();
      mounted!.host.remove();
      mounted = undefined;
    }
  });
});

test('F8 focuses the notice region', async () => {
  api.answer = () => problem(503, 'Try later.');
  show('newsletter');
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByLabelText('Email for our newsletter').fill('f8@example.com');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect.element(page.getByText('Error subscribing')).toBeVisible();
  await userEvent.keyboard('{F8}');
  await expect
    .poll(() => Boolean(document.activeElement?.closest('[data-scope="toast"], [role="region"]')))
    .toBe(true);
});
