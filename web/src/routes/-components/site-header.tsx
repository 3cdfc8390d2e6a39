import { Box, Button, chakra, Container, Flex, HStack, type SystemStyleObject } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../components/icons.tsx';

const resources = [
  { to: '/documentation', label: 'Documentation' },
  { to: '/api-reference', label: 'API Reference' },
  { to: '/status', label: 'Status' },
] as const;

const navLink: SystemStyleObject = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  color: 'gray.800',
  fontWeight: 'medium',
  textDecoration: 'none',
  py: '2',
  _hover: { color: 'blue.700' },
};

const menuLink: SystemStyleObject = {
  display: 'block',
  px: '3',
  py: '2',
  color: 'gray.800',
  textDecoration: 'none',
  rounded: 'md',
  _hover: { color: 'blue.700' },
};

/** Features and Contact scroll smoothly to their anchors (scroll-behavior in the theme's global styles). */
function AnchorLink({ hash, children }: { hash: string; children: string }) {
  return (
    <chakra.a href={`/#${hash}`} css={navLink}>
      {children}
    </chakra.a>
  );
}

function PageLink({ to, css, children }: { to: string; css: SystemStyleObject; children: ReactNode }) {
  return (
    <Box asChild css={css}>
      <Link to={to}>{children}</Link>
    </Box>
  );
}

/**
 * Resources: a dropdown of the three resource pages, a popover (the browser opens and closes it,
 * on Escape and on a press outside it too) placed under its button by CSS anchor positioning.
 */
function ResourcesMenu() {
  return (
    <>
      <chakra.button
        type="button"
        popoverTarget="resources-menu"
        css={navLink}
        bg="transparent"
        border="0"
        cursor="pointer"
        anchorName="--resources"
      >
        Resources <Icon name="chevron" size={16} />
      </chakra.button>
      <Box
        as="ul"
        id="resources-menu"
        popover="auto"
        listStyleType="none"
        positionAnchor="--resources"
        inset="auto"
        top="anchor(bottom)"
        left="anchor(left)"
        m="0"
        mt="2"
        minW="48"
        bg="white"
        color="inherit"
        borderWidth="0"
        shadow="lg"
        rounded="md"
        p="2"
      >
        {resources.map((r) => (
          <li key={r.to}>
            <PageLink to={r.to} css={menuLink}>
              {r.label}
            </PageLink>
          </li>
        ))}
      </Box>
    </>
  );
}

// The toggle says what it does next: its name is the text of whichever of its two parts shows.
const menuOpen = '#mobile-menu:popover-open';
const toggleStates: SystemStyleObject = {
  [`&:has(${menuOpen}) [data-when=closed], &:not(:has(${menuOpen})) [data-when=open]`]: { display: 'none' },
};

function ToggleLabel({ when, icon, label }: { when: 'open' | 'closed'; icon: IconName; label: string }) {
  return (
    <span data-when={when}>
      <Icon name={icon} />
      <Box as="span" srOnly>
        {label}
      </Box>
    </span>
  );
}

/**
 * The header. Its menus are popovers: the browser opens and closes them without any script of
 * ours, on a page that is not hydrated (its header never is, docs/web.md#islands). A link chosen in
 * one closes it (main.tsx).
 */
export function SiteHeader() {
  return (
    <Box
      as="header"
      borderBottomWidth="1px"
      bg="white"
      position="sticky"
      top="0"
      zIndex="sticky"
      css={toggleStates}
    >
      <Container maxW="7xl">
        <Flex as="nav" aria-label="Main" h="16" align="center" justify="space-between" gap="4">
          <HStack asChild gap="2" fontWeight="bold" fontSize="xl" color="gray.900" textDecoration="none">
            <Link to="/" aria-label="TextFlow home">
              <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
                <rect width="32" height="32" rx="7" fill="#2563eb" />
                <path d="M8 10h16v10H14l-5 4v-4H8z" fill="#fff" />
              </svg>
              <span>TextFlow</span>
            </Link>
          </HStack>
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
            <Button variant="ghost" popoverTarget="mobile-menu">
              <ToggleLabel when="closed" icon="menu" label="Open menu" />
              <ToggleLabel when="open" icon="close" label="Close menu" />
            </Button>
          </Box>
        </Flex>
      </Container>
      <Box
        as="ul"
        id="mobile-menu"
        popover="auto"
        hideFrom="md"
        listStyleType="none"
        inset="auto"
        top="16"
        left="0"
        width="full"
        m="0"
        px="4"
        pb="4"
        bg="white"
        color="inherit"
        borderWidth="0"
        borderBottomWidth="1px"
        shadow="md"
      >
        <li>
          <AnchorLink hash="features">Features</AnchorLink>
        </li>
        <li>
          <AnchorLink hash="contact">Contact</AnchorLink>
        </li>
        {resources.map((r) => (
          <li key={r.to}>
            <PageLink to={r.to} css={navLink}>
              {r.label}
            </PageLink>
          </li>
        ))}
        <li>
          <PageLink to="/schedule-demo" css={navLink}>
            Schedule Demo
          </PageLink>
        </li>
        <li>
          <PageLink to="/get-started" css={navLink}>
            Get Started
          </PageLink>
        </li>
      </Box>
    </Box>
  );
}
