import { Heading, Stack, Text } from '@chakra-ui/react';

/** The centred title and lead that open each section of the landing page below the hero. */
export function SectionHeading({ id, title, lead }: { id: string; title: string; lead: string }) {
  return (
    <Stack gap="3" textAlign="center" maxW="3xl" mx="auto" mb="12">
      <Heading as="h2" id={id} size={{ base: '2xl', md: '4xl' }}>
        {title}
      </Heading>
      <Text fontSize="lg" color="gray.700">
        {lead}
      </Text>
    </Stack>
  );
}
