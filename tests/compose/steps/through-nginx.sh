# shellcheck shell=bash
# Sourced by tests/compose/run.sh, in its shell and with its variables: the Playwright suites through nginx,
# the admin CLI inside the API container, and follow-up emails held with no SMTP configured.

section "Playwright through nginx ($BASE_URL): the desktop suite and the CSP checks"
export BASE_URL SITE_ROUTES_FILE E2E_ADMIN_PASSWORD=$ADMIN_PW COMPOSE_TEST_OUTPUT=$work/pw-compose
# The specs with a server of their own (docs/testing.md#a-server-of-a-specs-own) start it with
# scripts/start.mjs, which builds a missing or stale site: built once here, not by two at once.
node scripts/start.mjs --build-only > "$work/build-for-specs.log" 2>&1 || { cat "$work/build-for-specs.log"; die "the build for the specs' own servers failed"; }
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
# Metrics are scraped inside the backend network, as a Prometheus joining it would, and nginx's
# network cannot reach them although the API is on it too (docs/operations.md#metrics).
metric() { # service series: every replica of the service answers /metrics (port 9464), scraped from the
  # backend network by each one's address, and one of them has the series (each counts its own work)
  local ips
  ips=$(docker inspect -f "{{(index .NetworkSettings.Networks \"${PROJECT}_backend\").IPAddress}}" $(compose ps -q "$1"))
  # shellcheck disable=SC2086 # one argument per address
  docker run --rm --network "${PROJECT}_backend" --entrypoint node lead-desk/api -e \
    'Promise.all(process.argv.slice(2).map(ip=>fetch(`http://${ip}:9464/metrics`).then(r=>r.text())))
      .then(ts=>process.exit(ts.some(t=>t.includes(process.argv[1]))?0:1),()=>process.exit(1))' \
    "$2" $ips
}
check "the API's metrics (unpublished port 9464) count requests by operation" metric api 'operation="createContact"'
check "the worker's metrics count the held emails" metric worker 'leaddesk_emails_total{outcome="held"'
check "nginx's container reaches the API (api:8080) but not its metrics (api:9464)" \
  eval 'compose exec -T web curl -fsS -m 5 -o /dev/null http://api:8080/api/health &&
    ! compose exec -T web curl -sS -m 5 -o /dev/null http://api:9464/metrics 2> /dev/null'
