import {
  Box,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../../components/icons.tsx';
import {
  integrations,
  INTEGRATION_STAGGER_MS,
  pricingOffers,
  reassurance,
} from '../../../content/landing.ts';
import { SectionHeading } from './section-heading.tsx';

export function Pricing() {
  return (
    <Box as="section" id="pricing" aria-labelledby="pricing-title" py="20" bg="gray.50">
      <Container maxW="7xl">
        <SectionHeading
          id="pricing-title"
          title="Simple, flexible pricing"
          lead="No setup fees. No contracts. Pay for what you use."
        />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {pricingOffers.map((o) => (
            <Card.Root key={o.title}>
              <Card.Body gap="4">
                <Heading as="h3" size="lg">
                  {o.title}
                </Heading>
                <Text fontSize="2xl" fontWeight="bold" color="blue.700">
                  {o.price}
                </Text>
                <Text color="gray.700">{o.description}</Text>
                <Stack as="ul" gap="2" listStyleType="none">
                  {o.features.map((f) => (
                    <HStack as="li" key={f} gap="2">
                      <Icon name="check" size={18} color="#16a34a" /> {f}
                    </HStack>
                  ))}
                </Stack>
                <Button asChild colorPalette="blue" mt="auto">
                  <Link to="/get-started">Get Started</Link>
                </Button>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function Integrations() {
  return (
    <Box as="section" aria-labelledby="integrations-title" py="20">
      <Container maxW="7xl">
        <SectionHeading
          id="integrations-title"
          title="Seamless Integrations with Zapier"
          lead="Connect the tools you already use, no coding needed."
        />
        <SimpleGrid
          as="ul"
          listStyleType="none"
          columns={{ base: 2, md: 3, lg: 6 }}
          gap="4"
          data-testid="integrations-grid"
        >
          {integrations.map((name, i) => (
            <Flex
              as="li"
              key={name}
              animation="stagger-in 400ms ease-out both"
              animationDelay={`${i * INTEGRATION_STAGGER_MS}ms`}
              _motionReduce={{ animation: 'none' }}
              h="20"
              align="center"
              justify="center"
              borderWidth="1px"
              rounded="lg"
              fontWeight="semibold"
              bg="white"
            >
              {name}
            </Flex>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function CallToAction() {
  return (
    <Box as="section" id="cta" aria-labelledby="cta-title" py="20" bg="blue.700" color="white">
      <Container maxW="4xl" textAlign="center">
        <Stack gap="6" align="center">
          <Heading as="h2" id="cta-title" size={{ base: '2xl', md: '4xl' }}>
            Ready to Transform Your Business Communication?
          </Heading>
          <Text fontSize="lg">Join thousands of businesses that validate, engage and convert with us.</Text>
          <HStack gap="3" flexWrap="wrap" justify="center">
            <Button asChild size="lg" bg="white" color="blue.800" _hover={{ bg: 'blue.50' }}>
              <Link to="/get-started">Start Free Trial</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              color="white"
              borderColor="white"
              _hover={{ bg: 'blue.800' }}
            >
              <Link to="/schedule-demo">Schedule Demo</Link>
            </Button>
          </HStack>
          <HStack as="ul" listStyleType="none" gap="6" flexWrap="wrap" justify="center">
            {reassurance.map((r) => (
              <HStack as="li" key={r} gap="1">
                <Icon name="check" size={18} /> {r}
              </HStack>
            ))}
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
