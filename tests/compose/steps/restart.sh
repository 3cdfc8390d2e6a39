# shellcheck shell=bash
# Sourced by tests/compose/run.sh, in its shell and with its variables: a restart of both API replicas
# that loses no lead and keeps the admin session, then the API down under a form posted without
# JavaScript.

section "Restart both API replicas: no accepted lead is lost and the admin session survives"
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
# One replica after the other, as an operator restarts them, each given compose's 10 s to stop.
restart_s=()
for id in $(compose ps -q api); do
  t=$(now)
  docker restart -t 10 "$id" > /dev/null
  restart_s+=("$(elapsed "$t")")
  wait_healthy 2
done
sleep 1
touch "$work/stop"
wait "$sender"
accepted=$(grep -c '^201$' "$work/during" || true)
refused=$(grep -vc '^201$' "$work/during" || true)
others=$(grep -v '^201$' "$work/during" | sort | uniq -c | tr '\n' ' ' || true)
stopped=$(service_log api | grep -c '"msg":"stopped"' || true)
check "each replica stopped gracefully on SIGTERM (restarted in ${restart_s[*]} s; $stopped logged 'stopped'), well before the 10 s kill" \
  eval '[ "$stopped" -ge "${#restart_s[@]}" ] && awk -v s="${restart_s[*]}" "BEGIN { n = split(s, a, \" \"); for (i = 1; i <= n; i++) if (a[i] >= 10) exit 1 }"'
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
check "the demo times page sends the browser to /forms/demo-sent, which promises the invitation" \
  eval '[ "$(http /forms/demo-times)" = 303 ] && header_matches Location "^/forms/demo-sent$"'
code=$(http /api/contact -H 'Content-Type: application/json' -d '{"name":"Down"}')
check "a JSON client still gets nginx's 503 problem ($code)" \
  eval '[ "$code" = 503 ] && header_matches Content-Type "^application/problem\+json"'
compose start api > /dev/null 2>&1
wait_healthy 2
