import { Box, Container, Heading, Text } from '@chakra-ui/react';

export function PageHero({ title, lead }: { title: string; lead?: string }) {
  return (
    <Box bg="blue.50" py={{ base: '10', md: '16' }}>
      <Container maxW="5xl" textAlign="center">
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }}>
          {title}
        </Heading>
        {lead && (
          <Text mt="4" fontSize="lg" color="gray.700">
            {lead}
          </Text>
        )}
      </Container>
    </Box>
  );
}
