import { Badge, Box, Card, Heading, Text } from '@chakra-ui/react';
import type { components } from '@lead-desk/contract';
import { schemas } from '@lead-desk/contract/values';

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
        <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: '12rem 1fr' }} gap="3">
          {LINES.map(([field, label]) => (
            <Box key={field} display="contents">
              <Text as="dt" fontWeight="semibold">
                {label}
              </Text>
              <Box as="dd" mb={{ base: '2', md: '0' }}>
                {attribution[field] || '—'}
              </Box>
            </Box>
          ))}
          <Text as="dt" fontWeight="semibold">
            Spam check
          </Text>
          <Box as="dd">
            <Badge colorPalette={spamCheck === 'passed' ? 'green' : spamCheck ? 'orange' : 'gray'}>
              {checkLabel(spamCheck)}
            </Badge>
          </Box>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
