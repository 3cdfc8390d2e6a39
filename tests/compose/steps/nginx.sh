# shellcheck shell=bash
# Sourced by tests/compose/run.sh, in its shell and with its variables: nginx through its published port:
# routes, 404, caching, compression, security headers, body limit, forwarded addresses, rate limit.

section "nginx: routes, 404, caching, compression, security headers"
page_ok() { [ "$(http "$1")" = 200 ] && header_matches Content-Type '^text/html' && header_matches Cache-Control '^no-cache$'; }
# The pages as the image's build found them in the router's route tree (web/dist/routes.json); the
# browser suites below read the same file.
SITE_ROUTES_FILE=$work/routes.json
docker run --rm --entrypoint cat lead-desk/web /usr/share/nginx/html/routes.json > "$SITE_ROUTES_FILE" ||
  die "the web image has no routes.json"
read -r -a routes <<< "$(node -e 'const m=require(process.argv[1]);console.log([...m.pages,m.shell].join(" "))' "$SITE_ROUTES_FILE")"
# ...and one of them with a trailing slash, as links elsewhere may write it.
for route in "${routes[@]}" "${routes[1]}/"; do
  check "$route answers 200 text/html, revalidated (Cache-Control: no-cache)" page_ok "$route"
done
admin_shell_ok() { page_ok "$1" && body_matches '<title data-shell>Admin \| TextFlow</title>' \
  && header_matches Content-Security-Policy "frame-ancestors 'none'"; }
for route in /admin/login /admin/contacts/12 /admin/nope; do
  check "$route answers the admin shell (200, no-cache, security headers)" admin_shell_ok "$route"
done
check "/administrator is not the desk (404)" eval '[ "$(http /administrator)" = 404 ]'
not_found_ok() { [ "$(http /no-such-page -H 'Accept-Encoding: gzip' --compressed)" = 404 ] && body_matches '404 Page Not Found'; }
check "an unknown path answers 404 with the 404 page" not_found_ok
check "the 404 page carries the security headers too" header_matches Content-Security-Policy "frame-ancestors 'none'"
check "/404.html itself is not a page (404)" eval '[ "$(http /404.html)" = 404 ]'
# A demo request's times without JavaScript: the API draws that page (docs/demo-slots.md#picking-a-time).
check "/forms/demo-times reaches the API: without a demo request to pick for, 303 to /forms/demo-sent" \
  eval '[ "$(http /forms/demo-times)" = 303 ] && header_matches Location "^/forms/demo-sent$" && header_matches Content-Security-Policy "frame-ancestors"'
check "/demo/manage reaches the API: a link that is not one of ours is its 404 page" \
  eval '[ "$(http "/demo/manage?token=nothing")" = 404 ] && body_matches "This link no longer works"'
http / -H 'Accept-Encoding: gzip' > /dev/null
check "HTML is served precompressed (Content-Encoding: gzip, Vary: Accept-Encoding)" \
  eval 'header_matches Content-Encoding "^gzip$" && header_matches Vary "Accept-Encoding"'
csp=$(header Content-Security-Policy)
directive() { printf '%s' "$csp" | tr ';' '\n' | sed 's/^ *//' | grep "^$1 " || true; }
script_src=$(directive script-src)
script_src_ok() { printf '%s' "$script_src" | grep -E "^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+\$" > /dev/null; }
check "CSP: scripts only from the site itself and hashed inline scripts ($script_src)" script_src_ok
for d in "default-src 'self'" "object-src 'none'" "base-uri 'self'" "frame-ancestors 'none'"; do
  check "CSP: $d" [ "$(directive "${d%% *}")" = "$d" ]
done
check "X-Content-Type-Options: nosniff" header_matches X-Content-Type-Options '^nosniff$'
check "Referrer-Policy: strict-origin-when-cross-origin" header_matches Referrer-Policy '^strict-origin-when-cross-origin$'
check "Permissions-Policy denies camera, microphone, geolocation" header_matches Permissions-Policy 'camera=\(\).*microphone=\(\).*geolocation=\(\)'
check "no HSTS over plain HTTP" eval '! has_header Strict-Transport-Security'
check "the Server header names no version" header_matches Server '^nginx$'
http / -H 'X-Forwarded-Proto: https' > /dev/null
check "a client's own X-Forwarded-Proto: https decides nothing (no HSTS; TRUST_FORWARDED_PROTO is off)" \
  eval '! has_header Strict-Transport-Security'
code=$(http /assets/no-such-file.js)
check "a missing asset is a 404 that is not cached for a year" \
  eval '[ "$code" = 404 ] && header_matches Cache-Control "^no-cache$"'
asset=$(curl -sS "$BASE_URL/" | grep -o '/assets/[A-Za-z0-9._-]*\.js' | sed -n 1p || true)
http "$asset" -H 'Accept-Encoding: gzip' > /dev/null
check "hashed assets ($asset) are cached a year, immutable, and gzipped" \
  eval 'header_matches Cache-Control "^public, max-age=31536000, immutable$" && header_matches Content-Encoding "^gzip$"'
api_headers_ok() {
  [ "$(http /api/health -H 'X-Request-Id: chosen-by-client')" = 200 ] && header_matches X-Request-Id '^[0-9a-f]{32}$' &&
    header_matches X-Content-Type-Options '^nosniff$' && has_header Content-Security-Policy
}
check "API answers carry the security headers and nginx's own request id (not the client's)" api_headers_ok
status_is() { [ "$(http "$2" "${@:3}")" = "$1" ]; }
for path in /metrics /api/metrics /nginx_status /server-status /.env /.git/config /docker-entrypoint.sh /etc/passwd; do
  check "nothing internal at $path (404)" status_is 404 "$path"
done
check "the site takes no POST outside /api (403)" status_is 403 / -X POST -d x
printf '{"name":"%s"}' "$(head -c $((BODY_LIMIT - 11)) /dev/zero | tr '\0' a)" > "$work/at-limit.json"
printf '{"name":"%s"}' "$(head -c $((BODY_LIMIT - 10)) /dev/zero | tr '\0' a)" > "$work/over-limit.json"
code=$(http /api/contact -H 'Content-Type: application/json' --data-binary "@$work/at-limit.json")
check "a body of exactly BODY_LIMIT_BYTES ($BODY_LIMIT) reaches the API (answered $code, not 413)" [ "$code" = 400 ]
code=$(http /api/contact -H 'Content-Type: application/json' --data-binary "@$work/over-limit.json")
check "one byte more is refused by nginx with 413 as problem+json" \
  eval '[ "$code" = 413 ] && header_matches Content-Type "^application/problem\+json" && body_matches "\"status\":413"'
http /api/newsletter -H 'Content-Type: application/json' -H 'X-Forwarded-For: 203.0.113.7' \
  -d "{\"email\":\"xff-$$@example.com\"}" > /dev/null
rid=$(header X-Request-Id)
sleep 1
logged_ip=$(compose logs --no-color api | grep -F "\"requestId\":\"$rid\"" | grep -o '"ip":"[^"]*"' | sed -n 1p || true)
check "the API logs the address nginx saw, not a client's X-Forwarded-For ($logged_ip)" \
  eval '[ -n "$logged_ip" ] && [ "${logged_ip#*203.0.113.7}" = "$logged_ip" ]'
code=$(http /api/admin/logout -X POST -H "Origin: http://evil.example")
check "a state-changing admin request from another origin is refused (403)" [ "$code" = 403 ]
login_flood() { # 40 logins at once from one address: nginx refuses the excess with a 429 problem
  seq 40 | xargs -P 20 -I{} curl -sS -o /dev/null -w '%{http_code} %{content_type}\n' -H "Origin: $BASE_URL" \
    -H 'Content-Type: application/json' -d '{"username":"flood","password":"not the password"}' \
    "$BASE_URL/api/admin/login" > "$work/flood"
  grep -q '^429 application/problem+json' "$work/flood"
}
check "nginx rate-limits sign-in per address (429 problems during a burst of 40 logins)" login_flood

section "nginx: lead forms posted without JavaScript (docs/operations.md#forms-without-javascript)"
form_post() { http "$1" -X POST -H 'Content-Type: application/x-www-form-urlencoded' --data-raw "$2"; }
form_sent_ok() {
  [ "$(form_post /api/contact "name=Nginx+Form&email=nginx-form-$$%40example.com&message=Sent+without+JavaScript.")" = 303 ] &&
    header_matches Location '^/forms/contact-sent$' && [ "$(http /forms/contact-sent)" = 200 ] &&
    body_matches 'Message sent successfully!'
}
check "a form post reaches the API and lands on the form's success page (303)" form_sent_ok
form_refused_ok() {
  [ "$(form_post /api/contact 'name=A&email=bad-address&message=short')" = 400 ] &&
    header_matches Content-Type '^text/html' && body_matches '<h1>Error sending message</h1>' &&
    body_matches 'Name must be at least 2 characters' && ! body_matches 'bad-address'
}
check "a refused form post answers the page in the form's words, with the reasons and nothing typed" form_refused_ok
