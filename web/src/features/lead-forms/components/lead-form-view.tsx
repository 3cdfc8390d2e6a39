import { Button, Card, Field, Heading, HStack, Input, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import type { FormEventHandler, Ref } from 'react';
import { Honeypot, SelectField, TextareaField, TextField } from '../../../components/form-fields.tsx';
import type { FormViewProps } from '../../../components/form-view.ts';
import { optionsOf, type LabelledEnum } from '../../../content/options.ts';
import {
  emptyValues,
  fieldLabel,
  fieldNames,
  fieldRef,
  fieldSchema,
  formWords,
  isRequired,
  type FieldName,
  type LeadInput,
} from '../../../lib/lead-schema.ts';
import type { FieldSpec, LeadFormConfig } from '../forms.ts';

type Props = FormViewProps<string> & {
  config: LeadFormConfig;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** The form element, for its proof-of-work widget (spam-solution.ts). */
  formRef?: Ref<HTMLFormElement>;
};

/**
 * A lead form's markup, as its config says: a real form posting its fields, by the contract's
 * names, to its API operation, which answers a browser's post with a page
 * (docs/product.md#forms-without-javascript). With its code, LeadForm handles the submit instead.
 * `noValidate`: the messages are the contract's, from the code or from the server's page.
 */
export function LeadFormView(props: Props) {
  const { config } = props;
  if (config.layout === 'inline') return <InlineForm {...props} />;
  if (config.layout === 'plain') return <StackedForm {...props} />;
  return (
    <Card.Root maxW="3xl" mx="auto">
      <Card.Header>
        <Heading as="h2" size="xl">
          {config.heading}
        </Heading>
      </Card.Header>
      <Card.Body>
        <StackedForm {...props} />
      </Card.Body>
    </Card.Root>
  );
}

function StackedForm({ config, reg, errors, pending, onSubmit, formRef }: Props) {
  const field = (spec: FieldSpec) => (
    <FormField key={spec.name} spec={spec} input={config.input} reg={reg} errors={errors} />
  );
  // A form on its own page is wide: its button spans it. The footer's sits at the start.
  const button = config.layout === 'card' ? { size: 'lg' as const } : { alignSelf: 'flex-start' };
  return (
    <form
      ref={formRef}
      method="post"
      action={config.action}
      noValidate
      aria-label={config.label}
      onSubmit={onSubmit}
    >
      <Stack gap="4" position="relative">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {config.fields.filter((f) => !f.wide).map(field)}
        </SimpleGrid>
        {config.fields.filter((f) => f.wide).map(field)}
        <Honeypot registration={reg('website')} />
        <Unshown config={config} reg={reg} />
        <Button type="submit" colorPalette="blue" disabled={pending} {...button}>
          {pending ? (
            <>
              <Spinner size="sm" aria-hidden="true" />
              {` ${config.pending}`}
            </>
          ) : (
            formWords(config.input).submit
          )}
        </Button>
      </Stack>
    </form>
  );
}

/** One field: a select where the contract lists the values, text or a text area otherwise. */
function FormField({
  spec,
  input,
  reg,
  errors,
}: { spec: FieldSpec; input: LeadInput } & Pick<Props, 'reg' | 'errors'>) {
  const name = spec.name as FieldName<LeadInput>;
  const schema = fieldSchema(input, name);
  const error = errors[spec.name];
  const registration = reg(spec.name);
  const label = fieldLabel(input, name);
  if (schema.enum) {
    // Every enumeration a lead form offers has labels for people in the contract.
    const options = optionsOf(fieldRef(input, name) as LabelledEnum);
    const placeholder = spec.placeholder ?? '';
    return <SelectField {...{ label, placeholder, options, registration, error }} />;
  }
  const required = isRequired(input, name) || undefined;
  const shown = required ? `${label} *` : label;
  if (spec.multiline)
    return (
      <TextareaField label={shown} {...{ required, registration, error }} placeholder={spec.placeholder} />
    );
  const { type, placeholder, autoComplete } = spec;
  return <TextField label={shown} {...{ required, registration, error, type, placeholder, autoComplete }} />;
}

/**
 * The body's fields the form does not show (the newsletter's consent wording), sent as their
 * contract default; the honeypot has its own place.
 */
function Unshown({ config, reg }: Pick<Props, 'config' | 'reg'>) {
  const defaults = emptyValues(config.input);
  const hidden = fieldNames(config.input).filter(
    (n) => n !== 'website' && !config.fields.some((f) => f.name === n),
  );
  return hidden.map((n) => <input key={n} type="hidden" defaultValue={defaults[n]} {...reg(n)} />);
}

function InlineForm({ config, reg, errors, pending, onSubmit }: Props) {
  const spec = config.fields[0]!;
  const error = errors[spec.name];
  return (
    <form method="post" action={config.action} noValidate aria-label={config.label} onSubmit={onSubmit}>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>{fieldLabel(config.input, spec.name as FieldName<LeadInput>)}</Field.Label>
        <HStack width="full" position="relative">
          <Input
            type={spec.type}
            autoComplete={spec.autoComplete}
            placeholder={spec.placeholder}
            bg="white"
            color="gray.900"
            {...reg(spec.name)}
          />
          <Button type="submit" colorPalette="blue" disabled={pending}>
            {pending ? <Spinner size="sm" aria-label={config.pending} /> : formWords(config.input).submit}
          </Button>
          <Honeypot registration={reg('website')} />
          <Unshown config={config} reg={reg} />
        </HStack>
        <Field.ErrorText>{error?.message}</Field.ErrorText>
        {config.note && (
          <Field.HelperText color="gray.300" fontSize="xs">
            {config.note}
          </Field.HelperText>
        )}
      </Field.Root>
    </form>
  );
}
