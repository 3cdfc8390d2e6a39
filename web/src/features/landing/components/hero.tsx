import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../../components/icons.tsx';
import { hero } from '../../../content/landing.ts';

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
