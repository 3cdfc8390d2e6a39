// Fills the four lead tables with realistic-looking rows, generated inside PostgreSQL so a million
// rows per table take seconds, not minutes of round trips.
import pg from 'pg';

const FIRST = (
  'James Mary Olivia Liam Noah Emma Ava Sophia Isabella Mia Lucas Mateo Ethan Amelia Harper ' +
  'Evelyn Aiden Elijah Oliver Charlotte Hiroshi Yuki Priya Arjun Fatima Omar Wei Sofia ' +
  'Diego Lucia Ana Carlos Ingrid Lars Astrid Kwame Amara Chidi Zainab Nikolai Olga Dmitri ' +
  'Katarzyna Piotr Siobhan Sean Aoife Giulia Marco Francesca Pierre Camille Louis Hannah ' +
  'Lukas Lena Felix Mohammed Aisha Ravi Ananya Sanjay Mei Jun Min-jun Seo-yeon Thabo Naledi ' +
  'Tomas Beatriz Joao Emily Jacob Michael Sarah David Laura Daniel Grace Samuel Chloe ' +
  'Benjamin Zoe Henry Nora Jack Ella Leo Ruby Oscar Ivy Theo Maya Adrian Rosa Victor Elena ' +
  'Hugo Clara Ines Rafael'
).split(' ');

// Ordered from common to rare: rows pick from the front far more often (see `pick`).
const LAST = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez ' +
  'Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson ' +
  'White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott ' +
  'Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter ' +
  'Roberts Kowalski Nowak Schmidt Schneider Fischer Weber Becker Mensah Osei Abubakar ' +
  'Tanaka Suzuki Takahashi Watanabe Kim Park Choi Chen Wang Zhang Liu Singh Patel Sharma ' +
  'Gupta Khan Hussain Rossi Russo Ferrari Esposito Bianchi Dubois Moreau Laurent Lefebvre ' +
  'Fontaine Silva Santos Oliveira Souza Pereira Costa Andersson Johansson Karlsson Nilsson ' +
  'Larsen Hansen Jensen Nielsen Ivanov Petrov Smirnov Novak Horvat Kovacs Nagy Murphy Kelly ' +
  "O'Brien Byrne Ryan Walsh MacLeod Fraser Okafor Adeyemi Eze Nwosu Balogun Achterberg " +
  'Vasquez Quintero Lindqvist Halvorsen Papadopoulos Yilmaz Demir Haddad Mansour Farouk ' +
  'Bergstrom Whitfield Thornbury'
).split(' ');

const COMPANY_HEAD = (
  'Northwind Acme Bluefin Cedar Summit Harbor Pioneer Evergreen Redwood Silverline ' +
  'Brightpath Ironclad Lumen Nimbus Orbit Quartz Riverbend Sable Tidewater Vantage Willow ' +
  'Zenith Atlas Beacon Copper Driftwood Ember Falcon Granite Horizon Juniper Keystone ' +
  'Larkspur Meridian Northstar Oakridge Pinnacle Crescent Stonebridge Trailhead'
).split(' ');
const COMPANY_TAIL = (
  'Logistics Health Labs Dental Realty Motors Insurance Fitness Legal Solar Roofing Media ' +
  'Capital Foods Analytics Robotics Travel Clinic Outfitters Telecom Studios Pharmacy ' +
  'Builders Partners Software'
).split(' ');
const COMPANY_FORM = ['Inc', 'LLC', 'Ltd', 'GmbH', 'Group', 'Co', '', ''];
const FREE_MAIL = 'gmail.com outlook.com yahoo.com icloud.com proton.me hotmail.com'.split(' ');

const SENTENCES = [
  'We would like to learn more about your messaging platform.',
  'Our team sends around twenty thousand appointment reminders every month.',
  'Can you share pricing for SMS with AI replies?',
  'We are currently evaluating three vendors and plan to decide this quarter.',
  'Please call me in the afternoon, mornings are busy with patients.',
  'Is there an integration with our CRM, or an API we can use?',
  'We need data lookups to clean a list of about 50k numbers.',
  'Our current provider has poor delivery rates in Canada.',
  'Looking for call warm-up to improve answer rates for our sales team.',
  'Do you support two-way conversations and opt-out handling?',
  'We are a small clinic with two locations.',
  'Interested in a pilot for our franchise network.',
  'What does onboarding look like, and how long does it take?',
  'Our marketing agency manages campaigns for several clients.',
  'We had a compliance question about consent records.',
  'Following up on the webinar last week.',
  'A colleague recommended you after a good experience.',
  'Could we get a demo for our operations manager?',
  'We send order updates and delivery windows by text.',
  'Budget is approved, we would like to start next month.',
];

/** A random element, biased towards the front of the array when `skew` > 1 (a Zipf-like spread). */
const pick = (param: string, skew = 1) =>
  `(${param}::text[])[1 + floor(power(random(), ${skew}) * cardinality(${param}::text[]))::int]`;

/**
 * One generated person per g: name parts, company, email domain, phone, a message of 1-4
 * sentences, and a created_at spread over the last two years, with 3% of rows sharing one of
 * 2,000 round timestamps (about 15 rows each) so keyset paging meets real ties.
 * OFFSET 0 keeps each random() evaluated once per row.
 */
function peopleSql(count: number): string {
  return `
    SELECT g, first, last, company, phone, message, created_at, r1, r2, r3,
           lower(regexp_replace(first, '[^A-Za-z]', '', 'g')) || '.' ||
           lower(regexp_replace(last, '[^A-Za-z]', '', 'g')) ||
           CASE WHEN r1 < 0.5 THEN g::text ELSE '' END || '@' ||
           CASE WHEN company = '' OR r2 < 0.45 THEN ${pick('$6')}
                ELSE lower(regexp_replace(company_head || company_tail, '[^A-Za-z]', '', 'g')) || '.com' END
             AS email
      FROM (
        SELECT g, ${pick('$1')} AS first, ${pick('$2', 2)} AS last, head AS company_head,
               tail AS company_tail,
               CASE WHEN random() < 0.25 THEN '' ELSE trim(head || ' ' || tail || ' ' || form) END AS company,
               CASE WHEN random() < 0.3 THEN ''
                    ELSE '+1 ' || (200 + floor(random() * 800))::int || ' 555 ' || lpad(floor(random() * 10000)::int::text, 4, '0')
               END AS phone,
               (SELECT string_agg(${pick('$7')}, ' ') FROM generate_series(0, floor(random() * 4)::int + g * 0)) AS message,
               CASE WHEN random() < 0.03
                    THEN date_trunc('hour', now()) - floor(random() * 2000) * interval '8 hours 17 minutes'
                    ELSE now() - random() * interval '730 days'
               END AS created_at,
               random() AS r1, random() AS r2, random() AS r3
          FROM generate_series(1, ${count}) g,
               LATERAL (SELECT ${pick('$3')} AS head, ${pick('$4')} AS tail, ${pick('$5')} AS form
                          WHERE g > 0) c
        OFFSET 0
      ) p`;
}

const PARAMS = [FIRST, LAST, COMPANY_HEAD, COMPANY_TAIL, COMPANY_FORM, FREE_MAIL, SENTENCES];

/** The INSERT for each table, fed from the generated people in created_at order (as real inserts land). */
const INSERTS: Record<string, (n: number) => string> = {
  contact_submissions: (n) => `
    INSERT INTO contact_submissions (name, email, phone, company, service, message, created_at)
    SELECT first || ' ' || last, email, phone, company,
           (ARRAY['', 'sms-ai', 'data-lookups', 'call-warmup', 'all'])[1 + floor(r3 * 5)::int],
           message, created_at
      FROM (${peopleSql(n)}) x ORDER BY created_at`,
  demo_requests: (n) => `
    INSERT INTO demo_requests (name, email, phone, company, preferred_date, preferred_time, message, status, created_at, updated_at)
    SELECT first || ' ' || last, email, phone, company,
           (ARRAY['', 'today', 'tomorrow', 'this-week', 'next-week', 'flexible'])[1 + floor(r3 * 6)::int],
           (ARRAY['', 'morning', 'afternoon', 'evening', 'flexible'])[1 + floor(r1 * 5)::int],
           CASE WHEN r2 < 0.3 THEN '' ELSE message END,
           (ARRAY['pending', 'pending', 'confirmed', 'completed', 'completed', 'cancelled'])[1 + floor(r2 * 6)::int],
           created_at, created_at
      FROM (${peopleSql(n)}) x ORDER BY created_at`,
  get_started_requests: (n) => `
    INSERT INTO get_started_requests (name, email, phone, company, service, monthly_volume, message, status, created_at, updated_at)
    SELECT first || ' ' || last, email, phone, company,
           (ARRAY['', 'sms-ai', 'data-lookups', 'call-warmup', 'all'])[1 + floor(r3 * 5)::int],
           (ARRAY['', '0-1k', '1k-10k', '10k-100k', '100k-1m', '1m+'])[1 + floor(r1 * 6)::int],
           CASE WHEN r2 < 0.3 THEN '' ELSE message END,
           (ARRAY['pending', 'pending', 'contacted', 'active', 'declined'])[1 + floor(r2 * 5)::int],
           created_at, created_at
      FROM (${peopleSql(n)}) x ORDER BY created_at`,
  // Every subscriber address carries its row number (names hold no digits), so UNIQUE holds.
  newsletter_subscribers: (n) => `
    INSERT INTO newsletter_subscribers (email, status, created_at, updated_at)
    SELECT CASE WHEN r1 < 0.5 THEN email ELSE replace(email, '@', g || '@') END,
           CASE WHEN r3 < 0.8 THEN 'active' WHEN r3 < 0.9 THEN 'pending' ELSE 'inactive' END, created_at, created_at
      FROM (${peopleSql(n)}) x ORDER BY created_at`,
};

export const LEAD_TABLES = Object.keys(INSERTS);

/**
 * Loads `rows` rows into `table` the way a restore would: secondary indexes dropped, rows inserted
 * in one statement, indexes rebuilt from their own definitions, then VACUUM ANALYZE (statistics
 * and a visibility map, as a table that has lived for two years would have).
 */
export async function loadTable(url: string, table: string, rows: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`SET work_mem = '256MB'`);
    // Repeatable data, but different people in each table.
    await client.query('SELECT setseed($1)', [(LEAD_TABLES.indexOf(table) + 1) / 10]);
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
         FROM pg_index i
        WHERE i.indrelid = $1::regclass AND NOT i.indisprimary AND NOT i.indisunique`,
      [table],
    );
    for (const ix of indexes) await client.query(`DROP INDEX ${ix.name}`);
    // A restore of leads already followed up: their emails are not queued again.
    const mail = `${table}_queue_mail`;
    const queues = table !== 'newsletter_subscribers';
    if (queues) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER ${mail}`);
    await client.query(INSERTS[table]!(rows), PARAMS);
    if (queues) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER ${mail}`);
    for (const ix of indexes) await client.query(ix.def);
    await client.query(`VACUUM ANALYZE ${table}`);
  } finally {
    await client.end();
  }
}
