import { Box, Container, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { statistics } from '../../../content/statistics.ts';
import { CountUp } from './count-up.tsx';

/** The one landing section with work to do in the browser: its figures count up. */
export function StatisticsStrip() {
  return (
    <Box as="section" aria-label="Why SMS" bg="blue.700" color="white" py="12">
      <Container maxW="7xl">
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3, lg: 6 }} gap="8">
          {statistics.map((s) => (
            <Stack as="li" key={s.label} gap="1" textAlign="center">
              <Text fontSize="4xl" fontWeight="bold">
                <CountUp to={s.value} suffix={s.suffix} />
              </Text>
              <Text fontSize="sm">{s.label}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
