#!/usr/bin/env node
// Writes nginx's security-headers include from deploy/security-headers.json and the built site:
//   node write-headers.mjs <site dir> <out dir>
// <out dir>/security-headers.conf: one `add_header ... always` per header, the CSP naming the
// build's inline scripts by hash; HTTPS-only headers take their value from a map that is empty
// over plain HTTP. <out dir>/security-maps.conf: that map, for the http context.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { httpsOnlyHeaders, inlineScriptHashes, securityHeaders } from '../security-headers.mjs';

const [siteDir, outDir] = process.argv.slice(2);
if (!siteDir || !outDir) {
  console.error('usage: write-headers.mjs <site dir> <out dir>');
  process.exit(2);
}
const quote = (v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
const hashes = inlineScriptHashes(siteDir);
const variable = (name) => `$lead_desk_${name.toLowerCase().replaceAll('-', '_')}`;
const include = [
  '# Written by deploy/nginx/write-headers.mjs from deploy/security-headers.json; do not edit.',
  ...Object.entries(securityHeaders(hashes)).map(([n, v]) => `add_header ${n} ${quote(v)} always;`),
  ...Object.keys(httpsOnlyHeaders()).map((n) => `add_header ${n} ${variable(n)} always;`),
  '',
].join('\n');
const maps = [
  '# Written by deploy/nginx/write-headers.mjs from deploy/security-headers.json; do not edit.',
  ...Object.entries(httpsOnlyHeaders()).map(
    ([n, v]) => `map $lead_desk_proto ${variable(n)} {\n    https    ${quote(v)};\n    default  "";\n}`,
  ),
  '',
].join('\n');
writeFileSync(path.join(outDir, 'security-headers.conf'), include);
writeFileSync(path.join(outDir, 'security-maps.conf'), maps);
console.error(`write-headers: ${hashes.length} inline script hash(es)`);
