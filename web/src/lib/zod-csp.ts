// The site's Content-Security-Policy (deploy/nginx/security-headers.conf) allows no eval. Zod
// compiles object parsers with `new Function` when it may, and its probe for that is reported as a
// CSP violation even though Zod catches the error; jitless parsing needs neither. Imported for its
// effect by api-client.ts, which every module that builds a schema imports before doing so.
import { z } from 'zod';

z.config({ jitless: true });
