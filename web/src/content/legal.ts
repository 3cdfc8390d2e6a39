export const LAST_UPDATED = 'January 15, 2024';
export const COMPANY_CONTACT = {
  name: 'TextFlow Inc.',
  address: '100 Market Street, Suite 300, San Francisco, CA 94105',
  email: 'legal@textflow.example',
  phone: '+1 (555) 010-2024',
};

export const terms: { title: string; body: string }[] = [
  {
    title: 'Acceptance of Terms',
    body: 'By using our services you agree to these terms. If you do not agree, do not use the services.',
  },
  {
    title: 'Services',
    body: 'We provide SMS and AI messaging, data lookups, AI call warmup and voice agents through our platform and API.',
  },
  {
    title: 'Acceptable Use',
    body: 'You must obtain consent before messaging recipients, follow carrier rules and applicable law, and never send spam or unlawful content.',
  },
  {
    title: 'Service Availability',
    body: 'We target 99.9% uptime. Planned maintenance is announced on our status page.',
  },
  {
    title: 'Fees and Payment',
    body: 'Fees are as agreed in your order or quote. There are no setup fees; you may cancel anytime.',
  },
  {
    title: 'Limitation of Liability',
    body: 'Our total liability is capped at the fees you paid in the 12 months before the claim.',
  },
  {
    title: 'Termination',
    body: 'You may close your account at any time. Account data is deleted 30 days after deletion.',
  },
  {
    title: 'Changes',
    body: 'We may update these terms; material changes are announced by email at least 30 days in advance.',
  },
];

export const privacy: { title: string; body: string }[] = [
  {
    title: 'Information We Collect',
    body: 'Account details, contact details you submit through our forms, message content and metadata, usage logs and payment records.',
  },
  {
    title: 'How We Use It',
    body: 'To provide and improve the services, to answer your requests, for billing, and to keep the platform secure.',
  },
  {
    title: 'Retention',
    body: 'Account data: 30 days after deletion. Messages: 30 days. Usage logs: 2 years. Payment records: 7 years. Support tickets: 3 years.',
  },
  {
    title: 'Sharing',
    body: 'We share data only with carriers and processors needed to deliver the services, under contract, or when the law requires it.',
  },
  {
    title: 'Security',
    body: 'Data is encrypted in transit and at rest; access is limited to staff who need it.',
  },
  {
    title: 'Your Rights',
    body: 'You may access, correct, export or delete your personal data by contacting us.',
  },
  {
    title: 'Children',
    body: 'Our services are not directed to children under 13, and we do not knowingly collect their data.',
  },
];
