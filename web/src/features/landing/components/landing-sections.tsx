import {
  Badge,
  Box,
  Button,
  Container,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  Card,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../../components/icons.tsx';
import {
  agents,
  features,
  hero,
  integrations,
  INTEGRATION_STAGGER_MS,
  pricingOffers,
  reassurance,
  setupSteps,
} from '../../../content/landing.ts';

export function Hero() {
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      bgGradient="to-br"
      gradientFrom="blue.50"
      gradientTo="white"
      py={{ base: '14', md: '24' }}
    >
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="12" alignItems="center">
          <Stack gap="6">
            <Heading as="h1" id="hero-title" size={{ base: '4xl', md: '6xl' }} lineHeight="1.1">
              {hero.headline}
            </Heading>
            <Text fontSize="xl" color="gray.700">
              {hero.lead}
            </Text>
            <HStack gap="3" flexWrap="wrap">
              <Button asChild size="lg" colorPalette="blue">
                <Link to="/get-started">Get Started Free</Link>
              </Button>
              <Button asChild size="lg" variant="outline" colorPalette="blue">
                <Link to="/schedule-demo">View Demo</Link>
              </Button>
            </HStack>
            <HStack as="ul" listStyleType="none" gap="5" flexWrap="wrap" color="gray.700">
              {hero.promises.map((p) => (
                <HStack as="li" key={p} gap="1">
                  <Icon name="check" size={18} color="#16a34a" /> {p}
                </HStack>
              ))}
            </HStack>
          </Stack>
          <Card.Root shadow="xl" maxW="md" mx="auto" width="full">
            <Card.Body gap="4">
              <HStack justify="space-between">
                <Text fontWeight="semibold">Campaign performance</Text>
                <Badge colorPalette="green">Live</Badge>
              </HStack>
              <Box>
                <Text fontSize="5xl" fontWeight="bold" color="blue.700" lineHeight="1">
                  {hero.readRate.value}
                </Text>
                <Text color="gray.700">{hero.readRate.label}</Text>
              </Box>
              <svg
                viewBox="0 0 300 80"
                width="100%"
                height="80"
                role="img"
                aria-label="Read rate rising over the week"
              >
                <polyline
                  fill="none"
                  stroke="#2563eb"
                  strokeWidth="4"
                  points="0,70 50,60 100,62 150,40 200,30 250,18 300,8"
                />
              </svg>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function SectionHeading({ id, title, lead }: { id: string; title: string; lead: string }) {
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

export function Features() {
  return (
    <Box as="section" id="features" aria-labelledby="features-title" py="20">
      <Container maxW="7xl">
        <SectionHeading
          id="features-title"
          title="Everything you need to reach customers"
          lead="One platform for messaging, validation and voice."
        />
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="6">
          {features.map((f) => (
            <Card.Root key={f.title} borderTopWidth="4px" borderTopColor={`${f.colour}.500`}>
              <Card.Body gap="3">
                <Flex
                  w="12"
                  h="12"
                  rounded="lg"
                  align="center"
                  justify="center"
                  bg={`${f.colour}.100`}
                  color={`${f.colour}.700`}
                >
                  <Icon name={f.icon} />
                </Flex>
                <Heading as="h3" size="lg">
                  {f.title}
                </Heading>
                <Text color="gray.700">{f.description}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export function AiAgents() {
  return (
    <Box as="section" aria-labelledby="agents-title" py="20" bg="gray.50">
      <Container maxW="7xl">
        <SectionHeading
          id="agents-title"
          title="AI agents that work around the clock"
          lead="Support and sales voice agents that sound natural and never miss a call."
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {agents.map((a) => (
            <Card.Root key={a.title}>
              <Card.Body gap="3">
                <HStack gap="3">
                  <Icon name="bot" />
                  <Heading as="h3" size="lg">
                    {a.title}
                  </Heading>
                </HStack>
                <Text color="gray.700">{a.description}</Text>
                <Button asChild alignSelf="flex-start" colorPalette="blue" variant="outline">
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

export function SetupSteps() {
  return (
    <Box as="section" id="setup" aria-labelledby="setup-title" py="20">
      <Container maxW="7xl">
        <SectionHeading
          id="setup-title"
          title="Up and running with a 5-minute setup"
          lead="Four steps from sign-up to your first conversions."
        />
        <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 2, lg: 4 }} gap="6">
          {setupSteps.map((s) => (
            <Card.Root as="li" key={s.number} overflow="hidden">
              <img
                src={s.image}
                alt={s.imageAlt}
                width={400}
                height={240}
                loading="lazy"
                decoding="async"
                style={{ width: '100%', height: 'auto' }}
              />
              <Card.Body gap="3">
                <Badge colorPalette="blue" alignSelf="flex-start">
                  Step {s.number}
                </Badge>
                <Heading as="h3" size="md">
                  {s.title}
                </Heading>
                <Text color="gray.700">{s.description}</Text>
                <Stack as="ul" gap="1" listStyleType="none">
                  {s.features.map((f) => (
                    <HStack as="li" key={f} gap="2" fontSize="sm">
                      <Icon name="check" size={16} color="#16a34a" /> {f}
                    </HStack>
                  ))}
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

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
              className="stagger-in"
              style={{ animationDelay: `${i * INTEGRATION_STAGGER_MS}ms` }}
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
