import { Badge, Card, Heading } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';
import { DetailList } from '../../../../components/detail-list.tsx';

type S = components['schemas'];

const LINES: [keyof S['Attribution'], string][] = [
  ['landingPage', 'Landing page'],
  ['referrer', 'Referrer'],
  ['utmSource', 'UTM source'],
  ['utmMedium', 'UTM medium'],
  ['utmCampaign', 'UTM campaign'],
  ['utmTerm', 'UTM term'],
  ['utmContent', 'UTM content'],
];

const checkLabel = (check: S['SpamCheck']) =>
  check ? ((schemas.SpamCheck['x-enum-labels'] as Record<string, string>)[check] ?? check) : 'Not checked';

/** Where a lead came from and how it did in the spam check (docs/product.md#attribution, docs/product.md#spam). */
export function AttributionCard({
  attribution,
  spamCheck,
}: {
  attribution: S['Attribution'];
  spamCheck: S['SpamCheck'];
}) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h3" size="md">
          Where it came from
        </Heading>
      </Card.Header>
      <Card.Body>
        <DetailList
          lines={[
            ...LINES.map(([field, label]) => [label, attribution[field] || '—'] as const),
            [
              'Spam check',
              <Badge
                key="spam-check"
                colorPalette={spamCheck === 'passed' ? 'green' : spamCheck ? 'orange' : 'gray'}
              >
                {checkLabel(spamCheck)}
              </Badge>,
            ],
          ]}
        />
      </Card.Body>
    </Card.Root>
  );
}
