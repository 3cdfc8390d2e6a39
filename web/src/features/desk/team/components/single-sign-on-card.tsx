import { Card, Heading, Input, Text } from '@chakra-ui/react';
import { schemas } from '@lead-desk/contract/values';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DetailList } from '../../../../components/detail-list.tsx';
import { singleSignOnQuery, type SingleSignOnSettings } from '../api/single-sign-on.ts';

type S = SingleSignOnSettings;

const roleLabels = schemas.InvitedRole['x-enum-labels'] as Record<S['defaultRole'], string>;

/** LOCAL_LOGIN, in words. */
const passwordLabels: Record<S['password'], string> = {
  all: 'Every account',
  owner: 'The owner only',
  off: 'Nobody',
};

/** ADMIN_MFA, and what it means after the identity provider has let someone in. */
const secondFactorLabels: Record<S['secondFactor'], string> = {
  off: 'Off (ADMIN_MFA=off)',
  optional: 'Optional (ADMIN_MFA=optional): not asked after the provider',
  required: 'Required (ADMIN_MFA=required): asked after the provider unless its token states one',
};

/**
 * "Single sign-on": how the server is set up to let the team in with its identity provider,
 * read-only (the settings are the server's environment; docs/operations.md#single-sign-on).
 */
export function SingleSignOnCard() {
  const { data: sso, isError } = useQuery(singleSignOnQuery);
  if (!sso && !isError) return null;
  return (
    <Card.Root as="section" aria-labelledby="single-sign-on-heading">
      <Card.Header>
        <Heading as="h3" size="md" id="single-sign-on-heading">
          Single sign-on
        </Heading>
      </Card.Header>
      <Card.Body>
        {!sso ? (
          <Text role="alert">The single sign-on settings could not be read. Please try again later.</Text>
        ) : sso.configured ? (
          <Settings sso={sso} />
        ) : (
          <Text>
            Single sign-on is not configured. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to let
            the team sign in with your identity provider (see the operations guide).
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Settings({ sso }: { sso: S }) {
  const lines: [string, ReactNode][] = [
    ['Provider', sso.displayName ?? '—'],
    ['Issuer', sso.issuer ?? '—'],
    [
      'Redirect URI',
      // To register at the provider: a field, so that it is selected and copied whole.
      <Input
        key="redirect-uri"
        value={sso.redirectUri ?? ''}
        readOnly
        aria-label="Redirect URI"
        fontFamily="mono"
        size="sm"
        spellCheck={false}
        onFocus={(e) => e.currentTarget.select()}
      />,
    ],
    [
      'Allowed domains',
      sso.allowedDomains.length
        ? sso.allowedDomains.join(', ')
        : 'None: only invited people and existing accounts',
    ],
    ['Role for new people', roleLabels[sso.defaultRole]],
    ['Password sign-in', passwordLabels[sso.password]],
    ['Second factor', secondFactorLabels[sso.secondFactor]],
  ];
  return <DetailList lines={lines} />;
}
