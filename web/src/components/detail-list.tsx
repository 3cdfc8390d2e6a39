import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * Labelled values as a description list (`<dl>`): two columns from medium screens up, the label
 * above its value on small ones. Each line is its label (also its key) and its value.
 */
export function DetailList({ lines }: { lines: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: '12rem 1fr' }} gap="3">
      {lines.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text as="dt" fontWeight="semibold">
            {label}
          </Text>
          <Box as="dd" mb={{ base: '2', md: '0' }} wordBreak="break-word">
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
