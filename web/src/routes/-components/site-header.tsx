import { Box, Button, Container, Flex, HStack, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../components/icons.tsx';

const resources = [
  { to: '/documentation', label: 'Documentation' },
  { to: '/api-reference', label: 'API Reference' },
  { to: '/status', label: 'Status' },
] as const;

/** Features and Contact scroll smoothly to their anchors (CSS scroll-behavior, off for reduced motion). */
function AnchorLink({ hash, children, onClick }: { hash: string; children: string; onClick?: () => void }) {
  return (
    <a href={`/#${hash}`} onClick={onClick} className="nav-link">
      {children}
    </a>
  );
}

function ResourcesMenu() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <Box position="relative" ref={ref}>
      <button
        type="button"
        className="nav-link"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        Resources <Icon name="chevron" size={16} />
      </button>
      {open && (
        <Stack
          as="ul"
          id={id}
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
              <Link to={r.to} className="menu-link" onClick={() => setOpen(false)}>
                {r.label}
              </Link>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}

export function SiteHeader() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const close = () => setMobileOpen(false);
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
              aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={mobileOpen}
              aria-controls="mobile-menu"
              onClick={() => setMobileOpen((o) => !o)}
            >
              <Icon name={mobileOpen ? 'close' : 'menu'} />
            </Button>
          </Box>
        </Flex>
        {mobileOpen && (
          <Stack id="mobile-menu" hideFrom="md" pb="4" gap="3" as="ul" listStyleType="none">
            <li>
              <AnchorLink hash="features" onClick={close}>
                Features
              </AnchorLink>
            </li>
            <li>
              <AnchorLink hash="contact" onClick={close}>
                Contact
              </AnchorLink>
            </li>
            {resources.map((r) => (
              <li key={r.to}>
                <Link to={r.to} className="nav-link" onClick={close}>
                  {r.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/schedule-demo" className="nav-link" onClick={close}>
                Schedule Demo
              </Link>
            </li>
            <li>
              <Link to="/get-started" className="nav-link" onClick={close}>
                Get Started
              </Link>
            </li>
          </Stack>
        )}
      </Container>
    </Box>
  );
}
