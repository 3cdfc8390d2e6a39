import { Box, Button, Container, Flex, HStack, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../components/icons.tsx';

const resources = [
  { to: '/documentation', label: 'Documentation' },
  { to: '/api-reference', label: 'API Reference' },
  { to: '/status', label: 'Status' },
] as const;

/** Features and Contact scroll smoothly to their anchors (CSS scroll-behavior, off for reduced motion). */
function AnchorLink({ hash, children }: { hash: string; children: string }) {
  return (
    <a href={`/#${hash}`} className="nav-link">
      {children}
    </a>
  );
}

/** Resources: a dropdown of the three resource pages, opened and closed by header-menus.ts. */
function ResourcesMenu() {
  return (
    <Box position="relative">
      <button
        type="button"
        className="nav-link"
        aria-expanded={false}
        aria-controls="resources-menu"
        data-menu-toggle="dropdown"
      >
        Resources <Icon name="chevron" size={16} />
      </button>
      <Stack
        as="ul"
        id="resources-menu"
        hidden
        listStyleType="none"
        position="absolute"
        top="100%"
        mt="2"
        minW="48"
        bg="white"
        shadow="lg"
        rounded="md"
        p="2"
        gap="0"
        zIndex="dropdown"
      >
        {resources.map((r) => (
          <li key={r.to}>
            <Link to={r.to} className="menu-link">
              {r.label}
            </Link>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * The header. Its menus are in the markup, closed, and are opened and closed without React
 * (components/header-menus.ts), so they work on a page that is not hydrated.
 */
export function SiteHeader() {
  return (
    <Box as="header" borderBottomWidth="1px" bg="white" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl">
        <Flex as="nav" aria-label="Main" h="16" align="center" justify="space-between" gap="4">
          <Link to="/" className="logo" aria-label="TextFlow home">
            <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
              <rect width="32" height="32" rx="7" fill="#2563eb" />
              <path d="M8 10h16v10H14l-5 4v-4H8z" fill="#fff" />
            </svg>
            <span>TextFlow</span>
          </Link>
          <HStack gap="6" hideBelow="md">
            <AnchorLink hash="features">Features</AnchorLink>
            <AnchorLink hash="contact">Contact</AnchorLink>
            <ResourcesMenu />
            <Button asChild variant="outline" colorPalette="blue" size="sm">
              <Link to="/schedule-demo">Schedule Demo</Link>
            </Button>
            <Button asChild colorPalette="blue" size="sm">
              <Link to="/get-started">Get Started</Link>
            </Button>
          </HStack>
          <Box hideFrom="md">
            <Button
              variant="ghost"
              aria-label="Open menu"
              data-open-label="Close menu"
              aria-expanded={false}
              aria-controls="mobile-menu"
              data-menu-toggle="menu"
            >
              <Icon name="menu" className="when-closed" />
              <Icon name="close" className="when-open" />
            </Button>
          </Box>
        </Flex>
        <Stack id="mobile-menu" hidden hideFrom="md" pb="4" gap="3" as="ul" listStyleType="none">
          <li>
            <AnchorLink hash="features">Features</AnchorLink>
          </li>
          <li>
            <AnchorLink hash="contact">Contact</AnchorLink>
          </li>
          {resources.map((r) => (
            <li key={r.to}>
              <Link to={r.to} className="nav-link">
                {r.label}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/schedule-demo" className="nav-link">
              Schedule Demo
            </Link>
          </li>
          <li>
            <Link to="/get-started" className="nav-link">
              Get Started
            </Link>
          </li>
        </Stack>
      </Container>
    </Box>
  );
}
