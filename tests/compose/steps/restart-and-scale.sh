# shellcheck shell=bash
# Sourced by tests/compose/run.sh, in its shell and with its variables: an API restart that loses no lead
# and keeps the admin session, then three API replicas sharing the traffic.

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

section "The API down: a lead form posted without JavaScript lands on the site's page that says so"
compose stop api > /dev/null 2>&1
code=$(http /api/contact -X POST -H 'Content-Type: application/x-www-form-urlencoded' --data-raw 'name=Down&email=down%40example.com&message=The+API+is+down.')
check "the form post is answered 303 to /forms/not-sent, not an nginx error ($code)" \
  eval '[ "$code" = 303 ] && header_matches Location "^/forms/not-sent$"'
check "/forms/not-sent is a page of the site" eval '[ "$(http /forms/not-sent)" = 200 ] && body_matches "Your form was not sent"'
code=$(http /api/contact -H 'Content-Type: application/json' -d '{"name":"Down"}')
check "a JSON client still gets nginx's 503 problem ($code)" \
  eval '[ "$code" = 503 ] && header_matches Content-Type "^application/problem\+json"'
compose start api > /dev/null 2>&1
wait_healthy 1

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
passwords=$(service_log api | grep -c '^ *password: ' || true)
check "still exactly one generated password in the log after the restart and two more replicas ($passwords)" \
  [ "$passwords" = 1 ]
if [ "$passwords" != 1 ]; then # which containers the log covers, and the lines found, for the failure above
  for id in $(compose ps -q api); do docker inspect -f '{{.Name}} created {{.Created}} restarts {{.RestartCount}}' "$id"; done
  service_log api | grep -n -B1 '^ *password: ' | cut -c1-200 || true
fi
