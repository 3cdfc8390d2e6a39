import { Button, Heading, Stack, Text, Card } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function SuccessPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root maxW="xl" mx="auto" textAlign="center" role="status">
      <Card.Body>
        <Stack gap="4" align="center">
          <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="11" fill="#16a34a" />
            <path
              d="M7 12.5l3.2 3.2L17 9"
              stroke="#fff"
              strokeWidth="2.2"
              fill="none"
              strokeLinecap="round"
            />
          </svg>
          <Heading as="h2" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{children}</Text>
          <Button asChild colorPalette="blue">
            <a href="/">Back to Home</a>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
