#!/usr/bin/env bash
# npm run test:compose: the product as operators run it. Builds both images with the project's own
# Dockerfiles, starts the compose stack with no configuration but a free port (and the lead rate
# limit off: the browser suite sends every lead from one address), then through nginx's published
# port: headers, the Playwright suite, a database stall during a burst of leads that loses no job, an
# API restart that loses no lead and keeps the session, the two API replicas and two workers the stack
# runs sharing the traffic, the limits and the jobs (with an SMTP server and a webhook receiver beside
# them, tests/compose/receivers.yml), and single sign-on through docker-compose.sso.yml's development
# identity provider. Ends with `down -v`.
# Prints build times and image sizes.
#
# Docker: the machine's own, or the engine of ../shared/tools/offline-docker when its env exists.
# Without Docker it says so and exits 0 on a developer's machine; in CI (CI set, as .ci/run and CI
# services do) or with COMPOSE_TEST_REQUIRED=1 that is a failure: a check that did not run must not
# pass. COMPOSE_TEST_NO_CACHE=1 builds without the layer cache (cold build times).
set -euo pipefail
cd "$(dirname "$0")/../.."
. tests/compose/lib.sh
# The steps, in order, each in tests/compose/steps/ (sourced: they share this shell's variables).

state=${OFFLINE_DOCKER_STATE:-/var/lib/offline-docker}
if [ -z "${DOCKER_HOST:-}" ] && [ -f "$state/env" ] && ! docker info > /dev/null 2>&1; then
  . "$state/env"
fi
if ! command -v docker > /dev/null 2>&1 || ! docker info > /dev/null 2>&1; then
  if [ "${COMPOSE_TEST_REQUIRED:-}" = 1 ] || { [ -n "${CI:-}" ] && [ "${CI:-}" != false ] && [ "${CI:-}" != 0 ]; }; then
    die "Docker is required here (CI=${CI:-} COMPOSE_TEST_REQUIRED=${COMPOSE_TEST_REQUIRED:-}) but no engine answers"
  fi
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
  SMTP_URL MAIL_FROM SALES_NOTIFY_TO ALERTS_PER_MINUTE PUBLIC_URL WORKER_CONCURRENCY WORKER_DB_POOL_SIZE METRICS_PORT \
  SPAM_CHALLENGE SPAM_CHALLENGE_MAX_NUMBER SPAM_CHALLENGE_RATE_LIMIT_PER_MINUTE OIDC_ISSUER OIDC_CLIENT_ID OIDC_CLIENT_SECRET OIDC_DISPLAY_NAME OIDC_ALLOWED_DOMAINS \
  OIDC_DEFAULT_ROLE LOCAL_LOGIN IDP_PORT COMPOSE_FILE RETENTION_LEAD_DAYS RETENTION_UNCONFIRMED_DAYS \
  RETENTION_EMAIL_DAYS RETENTION_WEBHOOK_DAYS RETENTION_AUDIT_DAYS RETENTION_SCHEDULE
PROJECT=leaddesk_compose_test_$$
work=$(mktemp -d)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
BASE_URL=http://127.0.0.1:$port
ENV_FILE=$work/compose.env
# The browser suite signs in with a password only (the desk's second-factor screens come later), and
# sends many logins and leads from one address (120 leads as fast as it can): ADMIN_MFA=optional,
# nginx's limits raised. Its scripted leads carry no proof-of-work solution, which the shipped
# SPAM_CHALLENGE=enforce would hold as suspected spam (docs/product.md#spam; the API tests cover
# enforce): SPAM_CHALLENGE=monitor. The shipped defaults (ADMIN_MFA=required, SPAM_CHALLENGE=enforce)
# are checked with `config` below. The browsers' forms get challenges of 1,000 hashes, as from the
# e2e servers (docs/testing.md): at 50,000 their solving held the shared cores for seconds. All the
# browsers fetch their challenges from one address, so the challenges' per-address limit is off too.
# Retention runs every minute, so that the scale-out step sees its runs (once each, with two workers).
printf 'HTTP_PORT=127.0.0.1:%s\nLEAD_RATE_LIMIT_PER_MINUTE=0\nSPAM_CHALLENGE_RATE_LIMIT_PER_MINUTE=0\nADMIN_MFA=optional\nLOGIN_RATE_PER_MINUTE=600\nLEADS_RATE_PER_MINUTE=6000000\nSPAM_CHALLENGE=monitor\nSPAM_CHALLENGE_MAX_NUMBER=1000\nRETENTION_SCHEDULE=* * * * *\n' \
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

. tests/compose/steps/images.sh
. tests/compose/steps/nginx.sh
. tests/compose/steps/through-nginx.sh
. tests/compose/steps/db-pause.sh
. tests/compose/steps/restart.sh
. tests/compose/steps/scale-out.sh
. tests/compose/steps/single-sign-on.sh

section "Summary"
printf '  build:  api %s s, web %s s%s\n' "${build_s[api]}" "${build_s[web]}" \
  "$([ ${#no_cache[@]} = 0 ] && echo ' (with the layer cache; COMPOSE_TEST_NO_CACHE=1 for a cold build)')"
printf '  images: lead-desk/api %s; lead-desk/web %s (%s above %s %s)\n' "$(mb "$api_size")" "$(mb "$web_size")" \
  "$(mb "$web_extra")" "$nginx_base" "$(mb "$base_size")"
printf '  %s passed, %s failed\n' "$passed" "$failed"
[ "$failed" = 0 ]
