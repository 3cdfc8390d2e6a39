import type { components } from '@lead-desk/contract';

type S = components['schemas'];

/** The spec's option lists (section 3), keyed by the contract's own enumerations. */
export const serviceOptions: { value: Exclude<S['Service'], ''>; label: string }[] = [
  { value: 'sms-ai', label: 'SMS & AI Messaging' },
  { value: 'data-lookups', label: 'Data Lookups' },
  { value: 'call-warmup', label: 'AI Call Warmup' },
  { value: 'all', label: 'All Services' },
];

export const monthlyVolumeOptions: { value: Exclude<S['MonthlyVolume'], ''>; label: string }[] = [
  { value: '0-1k', label: '0-1k' },
  { value: '1k-10k', label: '1k-10k' },
  { value: '10k-100k', label: '10k-100k' },
  { value: '100k-1m', label: '100k-1m' },
  { value: '1m+', label: '1m+' },
];

export const preferredDateOptions: { value: Exclude<S['PreferredDate'], ''>; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'this-week', label: 'This Week' },
  { value: 'next-week', label: 'Next Week' },
  { value: 'flexible', label: 'Flexible' },
];

export const preferredTimeOptions: { value: Exclude<S['PreferredTime'], ''>; label: string }[] = [
  { value: 'morning', label: 'Morning (9AM-12PM)' },
  { value: 'afternoon', label: 'Afternoon (12PM-5PM)' },
  { value: 'evening', label: 'Evening (5PM-8PM)' },
  { value: 'flexible', label: 'Flexible' },
];

export const labelOf = (options: { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;
