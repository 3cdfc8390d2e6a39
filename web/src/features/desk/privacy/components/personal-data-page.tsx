import { Box, Button, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { hasPerson, personalDataQuery, type PersonSearch } from '../api/personal-data.ts';
import { ErasePerson } from './erase-person.tsx';
import { PersonalDataGroups } from './personal-data-groups.tsx';
import { RetentionSettings } from './retention-settings.tsx';

/**
 * /admin/personal-data: find a person by address or by a lead, see what is held, export it, erase
 * it (docs/product.md#personal-data). The search is a real GET form: the URL holds it.
 */
export function PersonalDataPage(props: { search: PersonSearch; onSearch: (s: PersonSearch) => void }) {
  const { search, onSearch } = props;
  const found = useQuery({ ...personalDataQuery(search), enabled: hasPerson(search) });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    if (email) onSearch({ email });
  };
  return (
    <Stack gap="6">
      <Heading as="h2" size="xl">
        Personal data
      </Heading>
      <form method="get" action="/admin/personal-data" onSubmit={submit} role="search">
        <HStack align="end" gap="3" flexWrap="wrap">
          <Box>
            <label htmlFor="person-email">
              <Text fontWeight="medium">Email address</Text>
            </label>
            <Input
              id="person-email"
              name="email"
              type="email"
              required
              minLength={3}
              maxLength={254}
              defaultValue={search.email ?? ''}
              key={search.email ?? ''}
              bg="white"
              width="sm"
            />
          </Box>
          <Button type="submit">Find</Button>
        </HStack>
        <Text color="fg.muted" fontSize="sm" mt="1">
          Compared as stored: case and surrounding spaces do not matter. From a lead&apos;s page,
          &quot;Personal data&quot; finds its person by the lead.
        </Text>
      </form>
      {hasPerson(search) && found.data === null && <Text>Nothing is held about this person.</Text>}
      {found.data && (
        <Stack gap="6">
          <PersonalDataGroups data={found.data} search={search} />
          {found.data.email && <ErasePerson data={found.data} email={found.data.email} />}
        </Stack>
      )}
      <RetentionSettings />
    </Stack>
  );
}
