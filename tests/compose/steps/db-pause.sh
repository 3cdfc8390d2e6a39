# shellcheck shell=bash
# Sourced by tests/compose/run.sh, in its shell and with its variables: the database stalls (`pause`,
# as a disk stall or a failover would) for 15 s during a burst of leads. Every service is healthy
# again within 30 s of the end of the stall, the API answered throughout (503 while the database was
# gone), every lead it accepted is stored, and every stored lead's follow-up is done: no job is lost.

section "The database stalls for 15 s during a burst of leads: every service recovers, no job is lost"
tag=p$$x$RANDOM
pause_dir=$work/db-pause
mkdir -p "$pause_dir"
psql_db() { compose exec -T db psql -U leaddesk -d leaddesk -Atc "$1"; }
# How often Docker restarted each container (its restart policy): the API, nginx and the database
# must not need it; a worker that stopped is started again that way (docs/operations.md#worker-restarts).
restarts() { docker inspect -f '{{.Name}} {{.RestartCount}}' $(compose ps -q "$1") | sed 's|^/||'; }
for service in api web db worker; do restarts "$service" > "$pause_dir/restarts-$service"; done
# Four senders, each posting contact leads one after another until told to stop; each answer is kept
# (status code, and the body with the lead's id when it was accepted).
sender() {
  local n=0 code
  while [ ! -e "$pause_dir/stop" ]; do
    n=$((n + 1))
    code=$(curl -sS -o "$pause_dir/lead-$1-$n.json" -m 30 -w '%{http_code}' -H 'Content-Type: application/json' \
      -d "{\"name\":\"$tag-$1-$n\",\"email\":\"stall-$1-$n@example.com\",\"message\":\"A lead sent around a database stall.\"}" \
      "$BASE_URL/api/contact" 2> /dev/null) || code=000
    echo "$code" >> "$pause_dir/codes"
    if [ "$code" = 201 ]; then mv "$pause_dir/lead-$1-$n.json" "$pause_dir/accepted-$1-$n.json"; fi
  done
}
senders=()
for s in 1 2 3 4; do
  sender "$s" &
  senders+=($!)
done
sleep 3
# runc's cgroup-v1 freezer gives up ("unable to freeze") when a busy process does not stop at once,
# and docker-compose 1.29 still exits 0: try again until Docker says the database is paused.
db_paused() { [ "$(docker inspect -f '{{.State.Paused}}' "$(compose ps -q db)")" = true ]; }
for _ in $(seq 20); do
  compose pause db > "$pause_dir/pause.log" 2>&1 || true
  db_paused && break
  sleep 0.5
done
db_paused || { cat "$pause_dir/pause.log"; touch "$pause_dir/stop"; wait "${senders[@]}"; die "the database could not be paused"; }
# The API's health through nginx, once a second while the database is frozen.
for _ in $(seq 15); do
  curl -sS -o /dev/null -m 10 -w '%{http_code}\n' "$BASE_URL/api/health" >> "$pause_dir/health" 2> /dev/null ||
    echo 000 >> "$pause_dir/health"
  sleep 1
done
compose unpause db > /dev/null
! db_paused || die "the database could not be unpaused"
unpaused=$(now)
sleep 5
touch "$pause_dir/stop"
wait "${senders[@]}"

# Healthy again: every container running and healthy, the API answering with its database.
recovered() {
  local deadline=$((SECONDS + 30)) id state
  while ((SECONDS < deadline)); do
    state=$(for id in $(compose ps -q); do
      docker inspect -f '{{.State.Status}}:{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$id"
    done | sort -u | tr '\n' ' ')
    if [ "$state" = 'running:healthy ' ] && [ "$(http /api/health)" = 200 ] && body_matches '"database":"ok"'; then
      return 0
    fi
    sleep 1
  done
  return 1
}
recovered_ok=0
recovered && recovered_ok=1
check "every service is healthy again, the API with its database, within 30 s of the stall's end ($(elapsed "$unpaused") s)" \
  [ "$recovered_ok" = 1 ]
for service in api web db; do
  check "the $service container ran throughout (restart count $(restarts "$service" | cut -d' ' -f2))" \
    eval '[ "$(restarts "$service")" = "$(cat "$pause_dir/restarts-$service")" ]'
done
printf '  (worker restart count: %s before, %s after)\n' "$(cut -d' ' -f2 "$pause_dir/restarts-worker")" \
  "$(restarts worker | cut -d' ' -f2)"
health_codes=$(sort "$pause_dir/health" | uniq -c | tr -s ' \n' ' ')
check "the API answered while the database was gone: /api/health 503, never a timeout or a 502 ($health_codes)" \
  eval 'grep -q "^503$" "$pause_dir/health" && ! grep -Eqv "^(200|503)$" "$pause_dir/health"'
lead_codes=$(sort "$pause_dir/codes" | uniq -c | tr -s ' \n' ' ')
accepted=$(grep -c '^201$' "$pause_dir/codes" || true)
check "the burst's leads got 201 or a 503 problem, never a 500, a 502 or a timeout ($lead_codes)" \
  eval '[ "$accepted" -gt 0 ] && ! grep -Eqv "^(201|503)$" "$pause_dir/codes"'
accepted_ids=$(cat "$pause_dir"/accepted-*.json 2> /dev/null | grep -o '"id":[0-9]*' | cut -d: -f2 | sort -n | tr '\n' ',' | sed 's/,$//')
stored_accepted=$(psql_db "SELECT count(*) FROM contact_submissions WHERE id IN (${accepted_ids:-0})")
check "every lead the API accepted during the burst is stored ($stored_accepted of $accepted)" [ "$stored_accepted" = "$accepted" ]
# Done: each stored lead's two emails are held (no SMTP_URL here) or sent (a new address per lead: one
# address gets at most 3 acknowledgments a day), none is waiting for a job
# that will never come, and graphile-worker's queue is empty (a job out of attempts stays in it).
# An erased lead's emails (the desk's personal-data test, run through nginx before this) end
# 'failed' as cancelled (docs/product.md#erasure): they are done, not unfinished.
follow_up() {
  psql_db "SELECT
    (SELECT count(*) FROM contact_submissions WHERE name LIKE '$tag-%') || ' ' ||
    (SELECT count(*) FROM contact_submissions c JOIN mail_messages m ON m.lead_kind = 'contact' AND m.lead_id = c.id
      WHERE c.name LIKE '$tag-%' AND m.status IN ('held', 'sent')) || ' ' ||
    (SELECT count(*) FROM mail_messages WHERE status NOT IN ('held', 'sent') AND erased_at IS NULL) || ' ' ||
    (SELECT count(*) FROM graphile_worker.jobs)"
}
drained() {
  local deadline=$((SECONDS + 180)) stored done unfinished jobs
  while ((SECONDS < deadline)); do
    read -r stored done unfinished jobs <<< "$(follow_up)"
    [ "$done" = $((stored * 2)) ] && [ "$unfinished" = 0 ] && [ "$jobs" = 0 ] && return 0
    sleep 2
  done
  return 1
}
t=$(now)
drained_ok=0
drained && drained_ok=1
read -r stored done unfinished jobs <<< "$(follow_up)"
check "every stored lead's follow-up is done, no job lost ($stored leads, $done of $((stored * 2)) emails held or sent, $unfinished unfinished, $jobs jobs left; $(elapsed "$t") s after the burst)" \
  [ "$drained_ok" = 1 ]
if [ "$drained_ok" != 1 ]; then # what is left, and why the worker said it stopped, for the failure above
  psql_db "SELECT id, task_identifier, attempts, locked_by, locked_at, left(last_error, 200) FROM graphile_worker.jobs" || true
  psql_db "SELECT id, lead_kind, lead_id, template, status, attempts, job_queued_at, lease_until, left(last_error, 200)
             FROM mail_messages WHERE status NOT IN ('held', 'sent') AND erased_at IS NULL" || true
  service_log worker | grep -E '"level":(50|60)' | tail -n 5 | cut -c1-600 || true
fi
