# Helpers for tests/compose/run.sh (sourced): checks, HTTP through nginx, waiting for containers.

passed=0
failed=0
ok() { passed=$((passed + 1)); printf '  ok   %s\n' "$*"; }
not_ok() { failed=$((failed + 1)); printf '  FAIL %s\n' "$*"; }
check() { # description command...: ok when the command succeeds
  local what=$1
  shift
  if "$@"; then ok "$what"; else not_ok "$what"; fi
}
section() { printf '\n=== %s\n' "$*"; }
die() {
  printf '\ncompose test: %s\n' "$*" >&2
  exit 1
}

compose() { "${COMPOSE[@]}" --env-file "$ENV_FILE" -p "$PROJECT" "$@"; }

# GET (or any curl arguments) through nginx; the headers go to $work/h, the body to $work/b.
# Prints the status code.
http() {
  local path=$1
  shift
  curl -sS -o "$work/b" -D "$work/h" -w '%{http_code}' "$@" "$BASE_URL$path"
}
# The value of a header in $work/h (last response), case-insensitive; empty when absent.
header() { awk -v n="$(printf '%s' "$1" | tr 'A-Z' 'a-z')" 'BEGIN { FS = ": " } {
  k = tolower($1); sub(/\r$/, "")
  if (k == n) { sub(/^[^:]*: /, ""); print; exit }
}' "$work/h"; }
has_header() { [ -n "$(header "$1")" ]; }
# No grep -q after a pipe: with pipefail, the writer it cuts off would fail the check.
header_matches() { header "$1" | grep -E -- "$2" > /dev/null; }
body_matches() { grep -Eq -- "$1" "$work/b"; }

# Seconds since the epoch with a fraction, for build and restart timings.
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1000000 }'; }

# Waits until every container of the project is healthy; $1 = how many api replicas to expect, $2 how
# many workers (2, the stack's default, unless given). A container marked unhealthy may be healthy
# again at its next check (on a loaded machine a check can time out); one that stays so fails at the
# deadline.
wait_healthy() {
  local want_api=$1 want_workers=${2:-2} deadline=$((SECONDS + ${3:-300})) id line name state health waiting apis workers
  while :; do
    waiting='' apis=0 workers=0
    for id in $(compose ps -q); do
      line=$(docker inspect -f '{{.Name}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$id") || continue
      read -r name state health <<< "$line"
      case $name in *api*) apis=$((apis + 1)) ;; *worker*) workers=$((workers + 1)) ;; esac
      [ "$state:$health" = running:healthy ] || waiting="$waiting ${name#/}($state,$health)"
    done
    if [ -z "$waiting" ] && [ "$apis" = "$want_api" ] && [ "$workers" = "$want_workers" ]; then return 0; fi
    if ((SECONDS >= deadline)); then
      compose ps
      compose logs --no-color --tail=80
      die "timed out waiting for:${waiting:- $want_api api replicas and $want_workers workers (have $apis and $workers)}"
    fi
    sleep 2
  done
}

# Which API replica answered each request: "<replica> <count>" lines for the request ids given
# (nginx's X-Request-Id, which the API logs with every request), read from the API's log; a replica
# is named by compose's log prefix (api_1 or api-1, as the compose version writes it).
replicas_of() {
  local ids=$1 log=$work/replicas.log
  compose logs --no-color api > "$log"
  for id in $ids; do
    grep -F "\"requestId\":\"$id\"" "$log" | sed -n '1s/[[:space:]]*|.*//p' || true
  done | sed 's/^.*_\(api[_-][0-9]*\)$/\1/' | sort | uniq -c | awk '{ print $2, $1 }'
}

# The compose service log without its "<container> | " prefix, for one service.
service_log() { compose logs --no-color "$1" | sed 's/^[^|]*| //'; }

