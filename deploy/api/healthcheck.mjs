// Docker HEALTHCHECK for the API image: healthy when /api/health answers 200 (the API and its
// database both work). The slim image has no curl; node is already there.
const port = process.env.PORT || '8080';
const timer = setTimeout(() => process.exit(1), 4000);
try {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
    headers: { 'X-Request-Id': 'healthcheck' },
  });
  process.exit(res.status === 200 ? 0 : 1);
} catch {
  clearTimeout(timer);
  process.exit(1);
}
