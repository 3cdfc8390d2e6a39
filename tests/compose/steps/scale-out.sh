# shellcheck shell=bash
# Sourced by tests/compose/run.sh, in its shell and with its variables: the stack as it ships runs two
# API replicas and two workers behind one nginx (docs/operations.md#scale). Requests reach both
# replicas; the sign-in and lead limits, which live in PostgreSQL, hold across them; the scheduled
# job (retention, every minute in this test) ran once per schedule, not once per worker; and with an
# SMTP server and a webhook receiver beside the stack (tests/compose/receivers.yml), every lead
# causes exactly one acknowledgment, one sales alert and one webhook delivery.

section "Two API replicas and two workers behind one nginx"
check "the stack runs 2 API replicas and 2 workers, all healthy (deploy.replicas)" \
  eval '[ "$(compose ps -q api | wc -l)" = 2 ] && [ "$(compose ps -q worker | wc -l)" = 2 ]'
# nginx re-resolves the service name every 10 s (after the replicas are created again they may have
# new addresses): rounds of requests until both answered; sets $round and $spread.
until_both_replicas() {
  for round in $(seq 15); do
    ids=''
    for i in $(seq 20); do
      http /api/health > /dev/null
      ids="$ids $(header X-Request-Id)"
    done
    sleep 1
    spread=$(replicas_of "$ids")
    [ "$(wc -l <<< "$spread")" = 2 ] && break
    sleep 2
  done
}
until_both_replicas
check "20 requests through nginx reached both API replicas (round $round: $(tr '\n' ' ' <<< "$spread"))" \
  [ "$(wc -l <<< "$spread")" = 2 ]
sessions=0
for i in $(seq 6); do
  [ "$(curl -sS -o /dev/null -w '%{http_code}' -b "$jar" "$BASE_URL/api/admin/session")" = 200 ] && sessions=$((sessions + 1))
done
check "the admin session is valid on every replica (6 of 6 requests: $sessions)" [ "$sessions" = 6 ]
passwords=$(service_log api | grep -c '^ *password: ' || true)
check "still exactly one generated password in the replicas' logs after their restarts ($passwords)" [ "$passwords" = 1 ]

# The same stack with its SMTP server and webhook receiver; the API and the workers are created
# again with their addresses, and with the lead rate limit at its shipped default (10 a minute).
section "Scale-out with email and webhooks: limits across replicas, one of everything per lead"
# Only those three: docker-compose 1.29 would create the database again too (it hashes a service's
# configuration merged from two files differently).
export COMPOSE_FILE=docker-compose.yml:tests/compose/receivers.yml
t=$(now)
compose up -d --no-deps receivers api worker > "$work/receivers-up.log" 2>&1 || { cat "$work/receivers-up.log"; die "up with tests/compose/receivers.yml failed"; }
wait_healthy 2
ok "2 API replicas and 2 workers healthy again with SMTP_URL and the lead limit set, and the receivers beside them ($(elapsed "$t") s)"
# Created again, the replicas are reached through nginx only once it has their new addresses.
until_both_replicas
check "nginx reaches both new API replicas (round $round: $(tr '\n' ' ' <<< "$spread"))" \
  [ "$(wc -l <<< "$spread")" = 2 ]

# Requests from nginx's own container to nginx (127.0.0.1:8080): an address nothing else in this test
# sends from, so its limits' buckets are full. inside MODE COUNT PATH BODY posts the JSON body (each
# "#" in it replaced by the attempt's number) COUNT times, one after another (MODE seq) or all at
# once (par), and prints "<attempt> <status> <request id> <body>" for each in order, then
# "span <ms>": from the first request sent to the last answer.
inside() {
  # shellcheck disable=SC2016 # expanded by the container's shell
  compose exec -T web sh -c '
    dir=$(mktemp -d)
    one() { # attempt mode count path body
      curl -sS -o "$dir/$1.body" -D "$dir/$1.head" -w "%{http_code}" -H "Origin: http://127.0.0.1:8080" \
        -H "Content-Type: application/json" -d "$(printf "%s" "$5" | sed "s/#/$1/g")" "http://127.0.0.1:8080$4" \
        > "$dir/$1.code"
    }
    start=$(date +%s%3N)
    for i in $(seq "$2"); do
      if [ "$1" = par ]; then one "$i" "$@" & else one "$i" "$@"; fi
    done
    wait
    end=$(date +%s%3N)
    for i in $(seq "$2"); do
      echo "$i $(cat "$dir/$i.code") $(sed -n "s/^[Xx]-[Rr]equest-[Ii]d: *\([0-9a-f]*\).*/\1/p" "$dir/$i.head") $(tr -d "\n" < "$dir/$i.body")"
    done
    echo "span $((end - start))"
    rm -rf "$dir"' sh "$@"
}
psql_db() { compose exec -T db psql -U leaddesk -d leaddesk -Atc "$1"; }
statuses() { grep -v '^span ' "$1" | cut -d' ' -f2 | tr '\n' ' ' | sed 's/ $//'; }
request_ids() { grep -v '^span ' "$1" | cut -d' ' -f3 | tr '\n' ' '; }

tag=s$$x$RANDOM
# The test's own webhook endpoint, to the receiver, before any lead is sent.
code=$(http /api/webhooks -b "$jar" -H "Origin: $BASE_URL" -H 'Content-Type: application/json' \
  -d '{"url":"http://receivers:8025/webhook","description":"compose test receiver","events":["lead.created"]}')
endpoint=$(grep -o '"id":[0-9]*' "$work/b" | sed -n 1p | cut -d: -f2)
check "a webhook endpoint to the receiver is added in the desk ($code, endpoint ${endpoint:-none})" \
  eval '[ "$code" = 201 ] && [ -n "$endpoint" ]'

# Sign-in: an account is locked after 5 failed attempts (api/src/admin/auth/throttle.ts, refilled one
# every 3 minutes); the sixth, whichever replica it reaches, is refused with the lockout's words.
inside seq 6 /api/admin/login "{\"username\":\"limit-$tag\",\"password\":\"not the password #\"}" > "$work/logins"
login_spread=$(replicas_of "$(request_ids "$work/logins")")
check "6 failed sign-ins to one account, split over both replicas ($(tr '\n' ' ' <<< "$login_spread")): 5 refused 401, the 6th locked out 429 ($(statuses "$work/logins"))" \
  eval '[ "$(statuses "$work/logins")" = "401 401 401 401 401 429" ] && [ "$(wc -l <<< "$login_spread")" = 2 ] &&
    grep "^6 429 " "$work/logins" | grep -F "Too many failed login attempts" > /dev/null'
# Leads: LEAD_RATE_LIMIT_PER_MINUTE=10 per address, a bucket of 10 refilled one lead every 6 s. 12
# leads sent at once: 10 accepted and the rest refused with the limit's words, plus at most one more
# accepted per 6 s they took to be answered (on a loaded machine).
inside par 12 /api/contact "{\"name\":\"Scale Lead #\",\"email\":\"$tag-#@example.com\",\"message\":\"A lead sent to two API replicas.\"}" \
  > "$work/leads"
lead_spread=$(replicas_of "$(request_ids "$work/leads")")
span_ms=$(sed -n 's/^span //p' "$work/leads")
accepted=$(grep -c '^[0-9]* 201 ' "$work/leads" || true)
limited=$(grep '^[0-9]* 429 ' "$work/leads" | grep -c 'Too many submissions from your address' || true)
limit_ok() {
  [ "$accepted" -ge 10 ] && [ "$accepted" -le $((10 + span_ms / 6000)) ] && [ $((accepted + limited)) = 12 ] &&
    [ "$(wc -l <<< "$lead_spread")" = 2 ]
}
check "12 leads at once from one address, split over both replicas ($(tr '\n' ' ' <<< "$lead_spread")): $accepted accepted, $limited refused 429 by the limit of 10 (answered within $span_ms ms)" \
  limit_ok
# "<attempt>:<lead id>" of each accepted lead.
accepted_leads=$(grep '^[0-9]* 201 ' "$work/leads" | sed 's/^\([0-9]*\) .*"id":\([0-9]*\).*/\1:\2/' | tr '\n' ',' | sed 's/,$//')
lead_ids=$(tr ',' '\n' <<< "$accepted_leads" | cut -d: -f2 | tr '\n' ',' | sed 's/,$//')

# Scheduled jobs: retention runs every minute here (RETENTION_SCHEDULE in run.sh), by graphile-worker's
# cron in each of the two workers; each run writes one audit entry. One entry per minute, not two.
read -r runs minutes <<< "$(psql_db "SELECT count(*) || ' ' || count(DISTINCT date_trunc('minute', at))
  FROM audit_entries WHERE action = 'retention.ran'")"
check "the scheduled retention job ran once per minute with two workers running ($runs runs in $minutes minutes)" \
  eval '[ "$runs" -ge 2 ] && [ "$runs" = "$minutes" ]'

# Every accepted lead's follow-up, counted where it arrives. Done when the database says each of its
# two emails is sent and its delivery to the test's endpoint succeeded (nothing is left to send);
# then the receivers must hold exactly one acknowledgment, one sales alert and one delivery per lead.
follow_up() {
  psql_db "SELECT
    (SELECT count(*) FROM mail_messages WHERE lead_kind = 'contact' AND lead_id IN (${lead_ids:-0})) || ' ' ||
    (SELECT count(*) FROM mail_messages WHERE lead_kind = 'contact' AND lead_id IN (${lead_ids:-0}) AND status = 'sent') || ' ' ||
    (SELECT count(*) FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
      WHERE d.endpoint_id = ${endpoint:-0} AND e.lead_kind = 'contact' AND e.lead_id IN (${lead_ids:-0}) AND d.status = 'succeeded')"
}
t=$(now)
done_state="$((accepted * 2)) $((accepted * 2)) $accepted"
deadline=$((SECONDS + 120))
while [ "$(follow_up)" != "$done_state" ] && ((SECONDS < deadline)); do sleep 1; done
check "the $accepted leads' $((accepted * 2)) emails are sent and their $accepted webhook deliveries succeeded ($(follow_up | awk '{ print $2 " of " $1 " emails sent, " $3 " deliveries" }'); $(elapsed "$t") s)" \
  [ "$(follow_up)" = "$done_state" ]
compose exec -T receivers node -e \
  "fetch('http://127.0.0.1:8025/received').then((r) => r.text()).then((t) => process.stdout.write(t))" > "$work/received.json"
# "<acknowledgments> <alerts> <deliveries> <lead addresses with exactly one of each> <distinct ids>"
tally=$(node -e '
  const { mails, webhooks } = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const leads = process.argv[3].split(",").map((p) => p.split(":").map(Number));
  const ids = leads.map(([, id]) => id);
  const addresses = leads.map(([attempt]) => `${process.argv[2]}-${attempt}@example.com`);
  const acks = mails.filter((m) => m.to.some((t) => addresses.includes(t)));
  const alerts = mails.filter((m) => m.to.includes("sales@example.com") && addresses.some((a) => m.replyTo.includes(a)));
  const ours = webhooks.filter((w) => w.type === "lead.created" && w.kind === "contact" && ids.includes(Number(w.leadId)));
  const once = addresses.filter((a, i) =>
    acks.filter((m) => m.to.includes(a)).length === 1 &&
    alerts.filter((m) => m.replyTo.includes(a)).length === 1 &&
    ours.filter((w) => Number(w.leadId) === ids[i]).length === 1).length;
  const distinct = new Set([...acks, ...alerts].map((m) => m.messageId)).size + new Set(ours.map((w) => w.id)).size;
  console.log(acks.length, alerts.length, ours.length, once, distinct);
' "$work/received.json" "$tag" "${accepted_leads:-0:0}")
read -r acks alerts deliveries once distinct <<< "$tally"
check "the SMTP server got exactly one acknowledgment and one sales alert per lead, the receiver one delivery per lead ($acks acknowledgments, $alerts alerts, $deliveries deliveries; $once of $accepted leads with one of each; $distinct distinct ids)" \
  eval '[ "$acks" = "$accepted" ] && [ "$alerts" = "$accepted" ] && [ "$deliveries" = "$accepted" ] && [ "$once" = "$accepted" ] && [ "$distinct" = $((accepted * 3)) ]'
