/** What a form view needs from its form logic (react-hook-form's `register`, or a name alone). */
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

export type FormName = 'contact' | 'newsletter' | 'demo' | 'get-started';
