import type { Context } from 'koa';
import { badRequest, HttpError } from './errors.ts';
import { nestsDeeperThan } from '../contract/input-rules.ts';

/**
 * Reads a request body as JSON (docs/product.md#errors): `application/json` only (415 for any
 * other type, `+json` ones included), UTF-8 only (415 for another declared charset, 400 for bytes
 * that are not UTF-8), no Content-Encoding, at most `limit` bytes (413) arriving within
 * `timeoutMs` (408: a body trickled in byte by byte must not hold a connection).
 */
export function isJsonMediaType(ctx: Context): 'ok' | 'type' | 'charset' {
  const header = ctx.get('Content-Type');
  const [type, ...params] = header.split(';').map((p) => p.trim());
  if (type?.toLowerCase() !== 'application/json') return 'type';
  for (const p of params) {
    const [name, value = ''] = p.split('=').map((x) => x.trim());
    if (name?.toLowerCase() === 'charset' && value.replace(/^"|"$/g, '').toLowerCase() !== 'utf-8')
      return 'charset';
  }
  return 'ok';
}

/** The same check for a form body (`application/x-www-form-urlencoded`, UTF-8 only). */
export function isFormMediaType(ctx: Context): 'ok' | 'type' | 'charset' {
  const [type, ...params] = ctx
    .get('Content-Type')
    .split(';')
    .map((p) => p.trim());
  if (type?.toLowerCase() !== 'application/x-www-form-urlencoded') return 'type';
  for (const p of params) {
    const [name, value = ''] = p.split('=').map((x) => x.trim());
    if (name?.toLowerCase() === 'charset' && value.replace(/^"|"$/g, '').toLowerCase() !== 'utf-8')
      return 'charset';
  }
  return 'ok';
}

export const unsupported = (detail = 'Send the body as application/json.') =>
  new HttpError(415, 'Unsupported Media Type', detail);

export const tooLarge = () =>
  new HttpError(413, 'Content Too Large', 'The request body is larger than the server accepts.', {
    headers: { Connection: 'close' },
  });

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

async function readText(ctx: Context, limit: number, timeoutMs: number): Promise<string> {
  const encoding = ctx.get('Content-Encoding').toLowerCase();
  if (encoding && encoding !== 'identity') throw unsupported('Send the body without a Content-Encoding.');
  const bytes = await readBytes(ctx, limit, timeoutMs);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw badRequest('The body is not valid UTF-8.');
  }
}

/**
 * A form body as an object of its fields (a field sent twice keeps its last value). Percent-escapes
 * that are not UTF-8 are refused like raw bytes that are not.
 */
export async function readFormBody(ctx: Context, limit: number, timeoutMs: number): Promise<unknown> {
  const text = await readText(ctx, limit, timeoutMs);
  try {
    decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw badRequest('The body is not valid UTF-8.');
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export async function readJsonBody(
  ctx: Context,
  limit: number,
  timeoutMs: number,
  maxDepth = Infinity,
): Promise<unknown> {
  const text = await readText(ctx, limit, timeoutMs);
  if (nestsDeeperThan(text, maxDepth))
    throw badRequest(`The body nests arrays and objects deeper than ${maxDepth} levels.`);
  try {
    // JSON.parse makes a "__proto__" key an ordinary own property: the validator then names it.
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
}

function readBytes(ctx: Context, limit: number, timeoutMs: number): Promise<Buffer> {
  const req = ctx.req;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (err?: Error) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      if (err) {
        // Nothing more of this body is read: the connection closes after the answer.
        req.pause();
        ctx.set('Connection', 'close');
        reject(err);
      } else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(tooLarge());
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    const onError = (err: Error) => finish(Object.assign(err, { expose: false, status: 400 }));
    const onAborted = () => finish(new HttpError(400, 'Bad Request', 'The request body was cut off.'));
    const timer = setTimeout(
      () => finish(new HttpError(408, 'Request Timeout', 'The request body took too long to arrive.')),
      timeoutMs,
    );
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}
