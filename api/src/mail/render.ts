import { render, toPlainText } from '@react-email/render';
import { createElement, type FunctionComponent, type ReactElement } from 'react';

/** A template (a React Email component) and the props of one message. */
export interface View {
  component: FunctionComponent<never>;
  props: Record<string, unknown>;
}

export const view = <P extends object>(component: FunctionComponent<P>, props: P): View => ({
  component: component as FunctionComponent<never>,
  props: props as Record<string, unknown>,
});

export interface Rendered {
  html: string;
  text: string;
}

/**
 * The HTML and text parts of a message: React Email's rendering, and its plain-text converter
 * with headings as written and lines unwrapped.
 */
export async function renderParts(v: View): Promise<Rendered> {
  const html = await render(createElement(v.component, v.props as never) as unknown as ReactElement);
  const text = toPlainText(html, {
    wordwrap: false,
    selectors: [{ selector: 'h1', options: { uppercase: false } }],
  });
  return { html, text };
}
