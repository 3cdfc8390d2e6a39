import {
  Badge,
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
import { agents, features, setupSteps } from '../../../content/landing.ts';
import { SectionHeading } from './section-heading.tsx';

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
            <Card.Root
              key={f.title}
              colorPalette={f.colour}
              borderTopWidth="4px"
              borderTopColor="colorPalette.500"
            >
              <Card.Body gap="3">
                <Flex
                  w="12"
                  h="12"
                  rounded="lg"
                  align="center"
                  justify="center"
                  bg="colorPalette.100"
                  color="colorPalette.700"
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
