import { Badge } from '@chakra-ui/react';

/**
 * The mark of a lead taken although its spam check did not pass (docs/product.md#spam): sent without
 * a solution, as a form posted without JavaScript is. Nothing for a verified lead.
 */
export function NotVerifiedBadge({ verified }: { verified: boolean }) {
  if (verified) return null;
  return (
    <Badge
      colorPalette="orange"
      title="Sent without a passing anti-spam check (for example without JavaScript)"
    >
      Not verified
    </Badge>
  );
}
