import { render, toPlainText } from '@react-email/render';
import { createElement, type FunctionComponent, type ReactElement } from 'react';

/** A template (a React Email component) and the props of one message. */
export interface View {
  component: FunctionComponent<never>;
  props: Record<string, unknown>;
  /** Props that choose what the template shows (not text to show): part of its shape. */
  keep: string[];
}

export const view = <P extends object>(
  component: FunctionComponent<P>,
  props: P,
  keep: (keyof P & string)[] = [],
): View => ({
  component: component as FunctionComponent<never>,
  props: props as Record<string, unknown>,
  keep,
});

export interface Rendered {
  html: string;
  text: string;
}

// Private-use characters around a number: a slot no real text contains.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const SLOT = /\uE000(\d+)\uE001/g;

/** Every string in the props replaced by a numbered slot; what the slots hold, in order. */
function slots(props: unknown, keep: string[], values: string[]): unknown {
  if (typeof props === 'string') {
    values.push(props);
    return `${OPEN}${values.length - 1}${CLOSE}`;
  }
  if (Array.isArray(props)) return props.map((p) => slots(p, [], values));
  if (props && typeof props === 'object') {
    return Object.fromEntries(
      Object.entries(props).map(([k, v]) => [k, keep.includes(k) ? v : slots(v, [], values)]),
    );
  }
  return props;
}

/** As React escapes text and attribute values. */
const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  );

/**
 * The plain-text part from the HTML (React Email's converter), with headings as written and lines
 * unwrapped, so that a slot's text reads the same wherever it lands.
 */
const plainText = (html: string) =>
  toPlainText(html, { wordwrap: false, selectors: [{ selector: 'h1', options: { uppercase: false } }] });

const shapes = new Map<string, Promise<Rendered>>();

/**
 * The HTML and text parts of a message. React renders each template once per shape (its props
 * with every text replaced by a numbered slot: the same for every lead of a kind); a message is
 * then that rendering with its own texts in the slots, escaped as React escapes them. Rendering
 * through React took 3-10 ms a message, the worker's largest cost; filling slots takes
 * microseconds. mail.test.ts checks that both give the same message.
 */
export async function renderParts(v: View): Promise<Rendered> {
  const values: string[] = [];
  const props = slots(v.props, v.keep, values) as Record<string, unknown>;
  const shape = `${v.component.name}:${JSON.stringify(props)}`;
  let rendered = shapes.get(shape);
  if (!rendered) {
    rendered = render(createElement(v.component, props as never) as unknown as ReactElement).then((html) => ({
      html,
      text: plainText(html),
    }));
    shapes.set(shape, rendered);
    rendered.catch(() => shapes.delete(shape));
  }
  const { html, text } = await rendered;
  return {
    html: html.replace(SLOT, (_, i: string) => escapeHtml(values[Number(i)]!)),
    // Runs of white space read as one space, as the converter reads them in HTML text.
    text: text.replace(SLOT, (_, i: string) => values[Number(i)]!.replace(/[ \t\r\n\f\u200b]+/g, ' ')),
  };
}

/** The same message rendered by React directly (no slots), for the test that compares the two. */
export async function renderDirect(v: View): Promise<Rendered> {
  const html = await render(createElement(v.component, v.props as never) as unknown as ReactElement);
  return { html, text: plainText(html) };
}
