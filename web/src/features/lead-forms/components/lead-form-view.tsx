import { Button, Card, Field, Heading, HStack, Input, SimpleGrid, Spinner, Stack } from '@chakra-ui/react';
import type { FormEventHandler } from 'react';
import { Honeypot, SelectField, TextareaField, TextField } from '../../../components/form-fields.tsx';
import type { FormViewProps } from '../../../components/lazy-form.tsx';
import { optionsOf, type LabelledEnum } from '../../../content/options.ts';
import {
  fieldRef,
  fieldSchema,
  isRequired,
  type FieldName,
  type LeadInput,
} from '../../../lib/lead-schema.ts';
import type { FieldSpec, LeadFormConfig } from '../forms.ts';

type Props = FormViewProps<string> & { config: LeadFormConfig; onSubmit?: FormEventHandler<HTMLFormElement> };

/**
 * A lead form's markup, as its config says. The prerenderer writes it without logic (static
 * props); LeadForm renders the same with its logic once the visitor uses it. `method="post"`: a
 * submit the page's code could not hold (none of it had run yet) must not put the fields in a URL.
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

function StackedForm({ config, reg, errors, pending, onSubmit }: Props) {
  const field = (spec: FieldSpec) => (
    <FormField key={spec.name} spec={spec} input={config.input} reg={reg} errors={errors} />
  );
  // A form on its own page is wide: its button spans it. The footer's sits at the start.
  const button = config.layout === 'card' ? { size: 'lg' as const } : { alignSelf: 'flex-start' };
  return (
    <form method="post" noValidate aria-label={config.label} onSubmit={onSubmit}>
      <Stack gap="4" position="relative">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {config.fields.filter((f) => !f.wide).map(field)}
        </SimpleGrid>
        {config.fields.filter((f) => f.wide).map(field)}
        <Honeypot registration={reg('website')} />
        <Button type="submit" colorPalette="blue" disabled={pending} {...button}>
          {pending ? (
            <>
              <Spinner size="sm" aria-hidden="true" />
              {` ${config.submit.pending}`}
            </>
          ) : (
            config.submit.label
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
  if (schema.enum) {
    // Every enumeration a lead form offers has labels for people in the contract.
    const options = optionsOf(fieldRef(input, name) as LabelledEnum);
    const placeholder = spec.placeholder ?? '';
    return <SelectField label={spec.label} {...{ placeholder, options, registration, error }} />;
  }
  const required = isRequired(input, name) || undefined;
  const label = required ? `${spec.label} *` : spec.label;
  if (spec.multiline)
    return <TextareaField {...{ label, required, registration, error }} placeholder={spec.placeholder} />;
  const { type, placeholder, autoComplete } = spec;
  return <TextField {...{ label, required, registration, error, type, placeholder, autoComplete }} />;
}

function InlineForm({ config, reg, errors, pending, onSubmit }: Props) {
  const spec = config.fields[0]!;
  const error = errors[spec.name];
  return (
    <form method="post" noValidate aria-label={config.label} onSubmit={onSubmit}>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>{spec.label}</Field.Label>
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
            {pending ? <Spinner size="sm" aria-label={config.submit.pending} /> : config.submit.label}
          </Button>
          <Honeypot registration={reg('website')} />
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
