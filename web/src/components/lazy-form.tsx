import {
  createContext,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { claimEarlySubmit } from '../lib/early-submit.ts';
import { StaticContent, useHydrating } from './static-content.tsx';

/** What a form view needs from its form logic; the static shell passes names only. */
export interface Registration {
  name: string;
  onChange?: (event: { target: unknown; type?: unknown }) => unknown;
  onBlur?: (event: { target: unknown; type?: unknown }) => unknown;
  ref?: (instance: HTMLElement | null) => void;
}

export interface FormViewProps<N extends string> {
  reg: (name: N) => Registration;
  errors: Partial<Record<N, { message?: string | undefined } | undefined>>;
  pending: boolean;
}

export const staticViewProps = {
  reg: (name: string) => ({ name }),
  errors: {},
  pending: false,
} satisfies FormViewProps<string>;

export type FormName = 'contact' | 'newsletter' | 'demo' | 'get-started';

const prerenderShells: Partial<Record<FormName, ReactNode>> = {};

/**
 * The forms' markup without their logic, given by the prerenderer only (src/form-shells.tsx): the
 * browser's bundles never import the views for the shell, so a page's first load does not carry
 * their code (it comes with the logic, which renders the same view).
 */
export function setPrerenderShells(shells: Record<FormName, ReactNode>): void {
  Object.assign(prerenderShells, shells);
}

/** Where a form keeps its unsent text in sessionStorage; the real form restores it from there. */
export const draftKeyOf = (name: FormName) => `draft:${name}`;

type Frame = ComponentType<{ children: ReactNode }>;

/**
 * What a form's code renders inside once it has loaded, when the page gives it nothing: on a
 * prerendered page a form is an island of its own (docs/web.md#islands), outside the app's design
 * system provider, and its island gives here the loader of a frame that provides one.
 */
export const FormFrame = createContext<(() => Promise<Frame>) | null>(null);

interface Props {
  name: FormName;
  load: () => Promise<{ default: ComponentType<{ kind: FormName }> }>;
}

/**
 * Keeps a form's code out of the page's first load: react-hook-form, zod, the submission code and
 * the form's own components. The prerendered form stays as the server wrote it (not hydrated), and
 * its code is loaded when the visitor comes to use it (pointer, touch or focus). Whatever was typed
 * meanwhile is carried over through the draft, the focused field keeps the focus, and a submit made
 * before the logic arrived is replayed: the code starts loading at once and the form is submitted
 * with what was typed once it is there. That holds for a submit made before this component even
 * hydrated too: the entry module holds it (src/lib/early-submit.ts) and hands it over here. The
 * browser's own submission never happens (docs/product.md#forms). On a client-side navigation
 * there is no markup to keep, so the code loads at once.
 */
export function LazyForm({ name, load }: Props) {
  const draftKey = draftKeyOf(name);
  const [Real, setReal] = useState<ComponentType<{ kind: FormName }> | null>(null);
  const [frame, setFrame] = useState<{ Frame: Frame } | null>(null);
  const loadFrame = use(FormFrame);
  const box = useRef<HTMLDivElement>(null);
  const started = useRef(false);
  const handover = useRef<{ focus: string | null; submit: boolean }>({ focus: null, submit: false });

  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    void Promise.all([load(), loadFrame?.()]).then(([m, Frame]) => {
      if (Frame) setFrame({ Frame });
      setReal(() => m.default);
    });
  }, [load, loadFrame]);

  const saveDraft = () => {
    const form = box.current?.querySelector('form');
    if (!form || Real) return;
    try {
      sessionStorage.setItem(draftKey, JSON.stringify(Object.fromEntries(new FormData(form))));
    } catch {
      // storage unavailable: the typed text still moves over if the logic arrives in time
    }
  };

  const prerendered = useHydrating();

  // A submit made before hydration, held by the entry module: replayed like one made since.
  useEffect(() => {
    const early = box.current && claimEarlySubmit(box.current);
    if (!early) return;
    handover.current.focus ??= early.focus;
    saveDraft();
    handover.current.submit = true;
    start();
    // Once, when the box first exists: later submits come through onSubmit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Without prerendered markup there is nothing to show until the code arrives; and a field
  // focused before this hydrated (its focus event reached no handler of ours) or a draft left from
  // before a reload means the form is in use (docs/web.md#used-before-start). Either way, load it now.
  useEffect(() => {
    if (!prerendered) return start();
    const focused = document.activeElement;
    if (focused && focused !== box.current && box.current?.contains(focused)) {
      handover.current.focus = focused.getAttribute('name');
      return start();
    }
    try {
      if (sessionStorage.getItem(draftKey)) start();
    } catch {
      // storage unavailable: nothing to restore
    }
  }, [draftKey, start, prerendered]);

  useEffect(() => {
    if (!Real) return;
    const form = box.current?.querySelector('form');
    const { focus, submit } = handover.current;
    // The field the visitor is in now (not when loading began): replacing the markup dropped its
    // focus to the body. Focus that went elsewhere meanwhile stays where it is.
    const dropped = !document.activeElement || document.activeElement === document.body;
    const field = focus && dropped ? form?.querySelector<HTMLElement>(`[name="${focus}"]`) : null;
    field?.focus();
    if (submit) form?.requestSubmit();
  }, [Real]);

  return (
    <div
      ref={box}
      data-lazy-form={name}
      onPointerEnter={start}
      onPointerDown={start}
      onTouchStart={start}
      onFocus={(e) => {
        start();
        handover.current.focus = e.target.getAttribute('name');
      }}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget)) handover.current.focus = null;
      }}
      onInput={saveDraft}
      onChange={saveDraft}
      onSubmit={(e) => {
        if (Real) return;
        e.preventDefault();
        saveDraft();
        handover.current.submit = true;
        start();
      }}
    >
      {!Real ? (
        <StaticContent>{prerenderShells[name]}</StaticContent>
      ) : frame ? (
        <frame.Frame>
          <Real kind={name} />
        </frame.Frame>
      ) : (
        <Real kind={name} />
      )}
    </div>
  );
}
