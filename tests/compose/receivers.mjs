// The compose test's receivers (tests/compose/receivers.yml): an SMTP server that takes every
// message (the `smtp-server` package, from the checkout's node_modules mounted read-only) and an
// HTTP server that takes webhook deliveries. GET /received answers what arrived, so the test can
// count every email and delivery: each lead must cause exactly one of each.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const mails = [];
const webhooks = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    let head = '';
    stream.on('data', (c) => {
      if (head.length < 8192) head += c.toString('latin1');
    });
    stream.on('end', () => {
      // Only the headers the test reads; unfolded, without parsing the body.
      const header = (name) =>
        new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
          .exec(head)?.[1]
          .replace(/\r?\n[ \t]+/g, ' ') ?? '';
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        replyTo: header('Reply-To').toLowerCase(),
        messageId: header('Message-ID'),
        subject: header('Subject'),
      });
      callback(null, 'OK');
    });
  },
});
smtp.listen(2525, '0.0.0.0');

const http = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/received') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ mails, webhooks }));
  }
  if (req.method === 'POST' && req.url === '/webhook') {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      let event = {};
      try {
        event = JSON.parse(body);
      } catch {
        // Counted all the same, with what could be read.
      }
      webhooks.push({
        id: req.headers['webhook-id'] ?? '',
        type: event.type ?? '',
        kind: event.data?.kind ?? '',
        leadId: event.data?.lead?.id ?? null,
      });
      res.writeHead(204).end();
    });
    return;
  }
  res.writeHead(404).end();
});
http.listen(8025, '0.0.0.0');

const stop = () => {
  smtp.close(() => {});
  http.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
