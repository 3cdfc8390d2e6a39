// The product's own addresses in email headers, apart from the templates and their renderer
// (compose.ts), so the API's request paths that only name an address do not load those.

/** The address in MAIL_FROM ("Name <a@b>" or "a@b"). */
export const fromAddress = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

/** The domain of the Message-IDs and calendar UIDs the product makes: MAIL_FROM's. */
export const messageIdDomain = (mailFrom: string) =>
  fromAddress(mailFrom).split('@')[1] ?? 'lead-desk.invalid';
