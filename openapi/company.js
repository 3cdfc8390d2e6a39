// The company's name and contact lines, written once for everything that shows them: the site's
// legal pages and footer, and every email the API sends (docs/product.md#follow-up). Plain data,
// shipped with the contract package because both the web app and the API depend on it.
export const company = {
  brand: 'TextFlow',
  name: 'TextFlow Inc.',
  address: '100 Market Street, Suite 300, San Francisco, CA 94105',
  email: 'legal@textflow.example',
  phone: '+1 (555) 010-2024',
};
