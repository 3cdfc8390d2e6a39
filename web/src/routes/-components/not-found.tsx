import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { SiteLayout } from './site-layout.tsx';

export function NotFound() {
  return (
    <SiteLayout>
      <title>404 Page Not Found</title>
      <meta name="robots" content="noindex" />
      <Container maxW="3xl" py="24" textAlign="center">
        <Stack gap="6" align="center">
          <Heading as="h1" size="4xl">
            404 Page Not Found
          </Heading>
          <Text fontSize="lg" color="gray.700">
            The page you are looking for does not exist or has moved.
          </Text>
          <Button asChild colorPalette="blue">
            <Link to="/">Back to Home</Link>
          </Button>
        </Stack>
      </Container>
    </SiteLayout>
  );
}
