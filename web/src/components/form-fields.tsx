import { Field, Input, NativeSelect, Textarea, type InputProps } from '@chakra-ui/react';
import type { Registration } from './form-view.ts';

interface Common {
  label: string;
  registration: Registration;
  error?: { message?: string | undefined } | undefined;
  required?: boolean;
}

export function TextField({
  label,
  registration,
  error,
  required,
  ...input
}: Common & Omit<InputProps, 'name'>) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      <Input {...input} {...registration} />
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

export function TextareaField({
  label,
  registration,
  error,
  required,
  placeholder,
  limits,
}: Common & { placeholder?: string; limits?: { minLength?: number; maxLength?: number } }) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      <Textarea rows={4} placeholder={placeholder} {...limits} {...registration} />
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

export function SelectField({
  label,
  registration,
  error,
  options,
  placeholder,
}: Common & { options: { value: string; label: string }[]; placeholder: string }) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...registration}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}

/** Hidden from people and assistive technology; bots that fill every field fill this one too. */
export function Honeypot({ registration }: { registration: Registration }) {
  return (
    <div
      aria-hidden="true"
      style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </div>
  );
}
