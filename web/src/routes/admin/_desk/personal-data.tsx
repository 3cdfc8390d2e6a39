import { createFileRoute } from '@tanstack/react-router';
import { parsePersonSearch } from '../../../features/desk/privacy/api/personal-data.ts';
import { PersonalDataPage } from '../../../features/desk/privacy/components/personal-data-page.tsx';
import { DeskError } from '../-components/desk-error.tsx';

/** /admin/personal-data?email=… or ?leadKind=…&leadId=…: a person's data, for admins (docs/product.md#personal-data). */
export const Route = createFileRoute('/admin/_desk/personal-data')({
  validateSearch: parsePersonSearch,
  head: () => ({ meta: [{ title: 'Personal data | Admin | TextFlow' }] }),
  errorComponent: DeskError,
  component: PersonalData,
});

function PersonalData() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PersonalDataPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
