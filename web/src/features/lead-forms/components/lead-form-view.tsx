import { Button, Card, Field, Heading, HStack, Input, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import type { FormEventHandler, Ref } from 'react';
import { Honeypot, SelectField, TextareaField, TextField } from '../../../components/form-fields.tsx';
import type { FormViewProps } from '../../../components/form-view.ts';
import { optionsOf, type LabelledEnum } from '../../../content/options.ts';
import {
  fieldLabel,
  fieldNames,
  fieldRef,
  fieldSchema,
  formWords,
  htmlRules,
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
 * (docs/product.md#forms-without-javascript). Its fields carry the contract's rules the browser
 * checks itself (htmlRules); once its code has taken it over, LeadForm sets `noValidate` and checks
 * it with the contract's messages instead.
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
    <form ref={formRef} method="post" action={config.action} aria-label={config.label} onSubmit={onSubmit}>
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
  const { required, ...limits } = htmlRules(input, name);
  const shown = required ? `${label} *` : label;
  if (spec.multiline)
    return (
      <TextareaField
        label={shown}
        {...{ required, registration, error, limits }}
        placeholder={spec.placeholder}
      />
    );
  const { type, placeholder, autoComplete } = spec;
  return (
    <TextField
      label={shown}
      {...{ required, registration, error, type, placeholder, autoComplete, ...limits }}
    />
  );
}

/**
 * The body's fields the form does not show: the newsletter's consent wording, sent as its contract
 * default, and the visit's attribution, which the page's script fills in (main.tsx). Those have no
 * value in the markup, so hydration leaves what the script put there; the honeypot has its own place.
 */
function Unshown({ config, reg }: Pick<Props, 'config' | 'reg'>) {
  const hidden = fieldNames(config.input).filter(
    (n) => n !== 'website' && !config.fields.some((f) => f.name === n),
  );
  return hidden.map((n) => {
    const { default: value } = fieldSchema(config.input, n) as { default?: string };
    return (
      <input key={n} type="hidden" {...(value === undefined ? {} : { defaultValue: value })} {...reg(n)} />
    );
  });
}

function InlineForm({ config, reg, errors, pending, onSubmit, formRef }: Props) {
  const spec = config.fields[0]!;
  const name = spec.name as FieldName<LeadInput>;
  const error = errors[spec.name];
  const { required, ...limits } = htmlRules(config.input, name);
  return (
    <form ref={formRef} method="post" action={config.action} aria-label={config.label} onSubmit={onSubmit}>
      <Field.Root invalid={Boolean(error)} required={required}>
        <Field.Label>{fieldLabel(config.input, name)}</Field.Label>
        <HStack width="full" position="relative">
          <Input
            {...limits}
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
