import {
  Button,
  Checkbox,
  CheckboxGroup,
  Field,
  Fieldset,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  DESCRIPTION_MAX_LENGTH,
  endpointSchema,
  eventOptions,
  leadKindOptions,
  URL_MAX_LENGTH,
  type EndpointBody,
  type EndpointValues,
} from './endpoint-schema.ts';

export interface EndpointFormProps {
  /** The form's accessible name. */
  label: string;
  defaultValues: EndpointValues;
  submitLabel: string;
  pending: boolean;
  /** Shows the Enabled box (a new endpoint starts enabled). */
  showEnabled?: boolean;
  onSubmit: (values: EndpointBody) => void;
  onCancel?: () => void;
}

function Choices<V extends string>({
  legend,
  help,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  help: string;
  options: { value: V; label: string }[];
  value: V[];
  onChange: (v: V[]) => void;
  error: string | undefined;
}) {
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      <Fieldset.HelperText>{help}</Fieldset.HelperText>
      <CheckboxGroup value={value} onValueChange={(v) => onChange(v as V[])}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
          {options.map((o) => (
            <Checkbox.Root key={o.value} value={o.value}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{o.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </CheckboxGroup>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}

/** The endpoint's settings, for a new endpoint and to edit one (docs/webhooks.md#setting-up-an-endpoint). */
export function EndpointForm({
  label,
  defaultValues,
  submitLabel,
  pending,
  showEnabled,
  onSubmit,
  onCancel,
}: EndpointFormProps) {
  const form = useForm<EndpointValues, unknown, EndpointBody>({
    resolver: zodResolver(endpointSchema),
    defaultValues,
  });
  const { errors } = form.formState;
  return (
    <form noValidate aria-label={label} onSubmit={form.handleSubmit(onSubmit)}>
      <Stack gap="5">
        <Field.Root invalid={Boolean(errors.url)} required>
          <Field.Label>
            Endpoint URL
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://example.com/webhooks/lead-desk"
            maxLength={URL_MAX_LENGTH}
            {...form.register('url')}
          />
          <Field.HelperText>Lead Desk sends a signed POST request to this address.</Field.HelperText>
          <Field.ErrorText>{errors.url?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.description)}>
          <Field.Label>Description</Field.Label>
          <Textarea
            rows={2}
            maxLength={DESCRIPTION_MAX_LENGTH}
            placeholder="For example: HubSpot, or Zapier: new demo to Slack"
            {...form.register('description')}
          />
          <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
        </Field.Root>
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <Choices
              legend="Events"
              help="Choose at least one. A test event can be sent whatever you choose."
              options={eventOptions}
              value={field.value}
              onChange={field.onChange}
              error={errors.events?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="leadKinds"
          render={({ field }) => (
            <Choices
              legend="Lead kinds"
              help="For the lead created and status changed events. None chosen means every kind."
              options={leadKindOptions}
              value={field.value}
              onChange={field.onChange}
              error={errors.leadKinds?.message}
            />
          )}
        />
        {showEnabled && (
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <Checkbox.Root
                checked={field.value}
                onCheckedChange={(d) => field.onChange(d.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Enabled (a disabled endpoint receives nothing)</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
        )}
        <HStack gap="3">
          <Button type="submit" colorPalette="blue" loading={pending} loadingText="Saving...">
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}
