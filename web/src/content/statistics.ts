/** The landing page's statistics strip: six figures that count up from 0 when shown (docs/product.md#pages). */

export interface Statistic {
  value: number;
  suffix: string;
  label: string;
}
export const statistics: Statistic[] = [
  { value: 98, suffix: '%', label: 'of text messages are read within 2 minutes' },
  { value: 75, suffix: '%', label: 'of consumers like messages from brands after opt-in' },
  { value: 85, suffix: '%', label: 'prefer SMS over other channels' },
  { value: 750, suffix: '%', label: 'higher response rate than email' },
  { value: 86, suffix: '%', label: 'of businesses say SMS offers higher engagement' },
  { value: 91, suffix: '%', label: 'of the population own a mobile phone' },
];

/** How long each figure takes to count up from 0. */
export const COUNT_UP_MS = 2000;
