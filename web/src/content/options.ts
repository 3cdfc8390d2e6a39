import { schemas } from '@lead-desk/contract/values';

type Schemas = typeof schemas;
/** The contract's enumerations that carry labels for people (`x-enum-labels`). */
export type LabelledEnum = {
  [K in keyof Schemas]: Schemas[K] extends { 'x-enum-labels': object } ? K : never;
}[keyof Schemas];

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/**
 * A select's options, in the contract's order with its labels (openapi.yaml is the only place they
 * are written). The empty value means "not chosen" and is the select's placeholder, not an option.
 */
export function optionsOf<K extends LabelledEnum>(name: K) {
  type Value = Exclude<Extract<Schemas[K]['enum'][number], string>, ''>;
  const schema = schemas[name];
  const labels = schema['x-enum-labels'] as Record<Value, string>;
  // '' (not chosen) and null (a nullable enumeration's "none") are not options.
  return (schema.enum as readonly (string | null)[])
    .filter((value): value is Value => value !== '' && value !== null)
    .map((value): Option<Value> => ({ value, label: labels[value] }));
}

export const serviceOptions = optionsOf('Service');
export const monthlyVolumeOptions = optionsOf('MonthlyVolume');
export const preferredDateOptions = optionsOf('PreferredDate');
export const preferredTimeOptions = optionsOf('PreferredTime');

export const labelOf = (options: Option[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;
