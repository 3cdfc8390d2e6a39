import {
  Box,
  Container,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  type SystemStyleObject,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Icon } from '../../components/icons.tsx';
import { footerColumns } from '../../content/footer.ts';

function LinkColumn({ title, links }: (typeof footerColumns)[number]) {
  return (
    <Stack gap="3">
      <Heading as="h3" size="sm" color="white">
        {title}
      </Heading>
      <Stack as="ul" listStyleType="none" gap="2">
        {links.map((l) => (
          <li key={l.label}>
            {'to' in l ? <Link to={l.to}>{l.label}</Link> : <a href={l.href}>{l.label}</a>}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

const footerLinks: SystemStyleObject = {
  '& a': {
    color: 'gray.300',
    textDecoration: 'none',
    _hover: { color: 'white', textDecoration: 'underline' },
  },
};

/** The footer (anchor #contact): Get in Touch with the contact form, the newsletter, and the link columns (docs/product.md#pages). */
export function SiteFooter({
  contactForm,
  newsletterForm,
}: {
  contactForm: ReactNode;
  newsletterForm: ReactNode;
}) {
  return (
    <Box as="footer" id="contact" bg="gray.900" color="gray.300" pt="16" pb="8" css={footerLinks}>
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="12" mb="12">
          <Stack gap="4">
            <Heading as="h2" size="2xl" color="white">
              Get in Touch
            </Heading>
            <Text>
              Questions about pricing, volumes or integrations? Send us a message and we'll reply within 24
              hours.
            </Text>
            <Box bg="white" color="gray.900" rounded="lg" p="6">
              {contactForm}
            </Box>
          </Stack>
          <Stack gap="8">
            <Stack gap="3">
              <Heading as="h2" size="lg" color="white">
                Stay in the loop
              </Heading>
              <Text>Product news and messaging tips, once a month.</Text>
              {newsletterForm}
            </Stack>
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="8">
              {footerColumns.map((c) => (
                <LinkColumn key={c.title} {...c} />
              ))}
            </SimpleGrid>
          </Stack>
        </SimpleGrid>
        <HStack
          justify="space-between"
          borderTopWidth="1px"
          borderColor="gray.700"
          pt="6"
          flexWrap="wrap"
          gap="4"
        >
          <Text fontSize="sm">© 2024 TextFlow. All rights reserved.</Text>
          <HStack gap="4">
            <a href="#contact" aria-label="TextFlow on X">
              <Icon name="x" size={20} />
            </a>
            <a href="#contact" aria-label="TextFlow on LinkedIn">
              <Icon name="linkedin" size={20} />
            </a>
            <a href="#contact" aria-label="TextFlow on Facebook">
              <Icon name="facebook" size={20} />
            </a>
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}
