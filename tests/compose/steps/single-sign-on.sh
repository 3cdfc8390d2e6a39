# shellcheck shell=bash
# Sourced by tests/compose/run.sh, in its shell and with its variables: the stack again with
# docker-compose.sso.yml (docs/operations.md#sso-compose), its development identity provider
# beside it, and people signing in through that provider over HTTP through nginx's published port,
# as a browser would (curl with a cookie jar; the desk's browser test of single sign-on is
# tests/e2e). The issuer's name, idp.localhost, is the same for this machine (curl, like browsers,
# takes *.localhost to loopback, where the provider's port is published) and for the API
# container (the provider's alias in the stack's network).

section "Single sign-on: the stack with docker-compose.sso.yml and its development identity provider"
options() { [ "$(http /api/admin/sign-in-options)" = 200 ] && body_matches "$1"; }
check "without docker-compose.sso.yml the sign-in page offers no single sign-on" options '"singleSignOn":null'
idp_port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
IDP_URL=http://idp.localhost:$idp_port
# From here on every compose command (and the final `down -v`) includes the override.
export COMPOSE_FILE=docker-compose.yml:docker-compose.sso.yml IDP_PORT=$idp_port PUBLIC_URL=$BASE_URL
t=$(now)
compose up -d --build > "$work/sso-up.log" 2>&1 || { cat "$work/sso-up.log"; die "up with docker-compose.sso.yml failed"; }
wait_healthy 2
ok "idp, db, 2 API replicas, 2 workers and web healthy $(elapsed "$t") s after up with docker-compose.sso.yml (provider at $IDP_URL)"
check "the API found the provider at start by the issuer's name (logged 'single sign-on is on', issuer $IDP_URL)" \
  eval 'service_log api | grep "\"issuer\":\"$IDP_URL\"" | grep "\"msg\":\"single sign-on is on\"" > /dev/null'
check "the sign-in page offers 'Sign in with Development IdP'" options '"singleSignOn":\{"displayName":"Development IdP"\}'

# sso_sign_in email jar: from /api/admin/sso/start to the provider's sign-in page, then its form
# posted with the address; prints "<status> <URL>" of where the redirects end.
sso_sign_in() {
  local at action
  at=$(curl -sS -m 30 -L -c "$2" -b "$2" -o "$work/b" -w '%{http_code} %{url_effective}' "$BASE_URL/api/admin/sso/start")
  [[ $at == "200 $IDP_URL/interaction/"* ]] || { echo "not at the provider's sign-in page: $at"; return; }
  action=$(sed -n 's/.*<form method="post" action="\(\/interaction\/[^"]*\)".*/\1/p' "$work/b")
  curl -sS -m 30 -L -c "$2" -b "$2" -o /dev/null -w '%{http_code} %{url_effective}' --data-urlencode "email=$1" "$IDP_URL$action"
}
session_of() { curl -sS -m 30 -b "$1" "$BASE_URL/api/admin/session"; }
person=sso-$$-$RANDOM@example.com
at=$(sso_sign_in "$person" "$work/sso-jar")
check "$person (example.com, an allowed domain) signs in at the provider and lands on the desk ($at)" \
  [ "$at" = "200 $BASE_URL/admin" ]
session=$(session_of "$work/sso-jar")
check "the desk's session: $person, a viewer, signed in with single sign-on ($session)" \
  eval '[[ $session == *"\"username\":\"$person\""* && $session == *"\"role\":\"viewer\""* && $session == *"\"signedInWith\":\"single-sign-on\""* ]]'
at=$(sso_sign_in "stranger-$$@elsewhere.example" "$work/sso-jar-stranger")
check "an address outside the allowed domains is refused: the sign-in page says not known ($at)" \
  [ "$at" = "200 $BASE_URL/admin/login?sso=not-known" ]
check "... and has no session" \
  [ "$(curl -sS -o /dev/null -w '%{http_code}' -b "$work/sso-jar-stranger" "$BASE_URL/api/admin/session")" = 401 ]
# The provider keeps nothing when it restarts; a person's subject comes from their address, so the
# desk, which knows them by it, still does (and the provider's new key is fetched by its new id).
compose restart idp > /dev/null 2>&1
wait_healthy 2
at=$(sso_sign_in "$person" "$work/sso-jar-again")
session=$(session_of "$work/sso-jar-again")
check "after the provider restarts, $person signs in again as the same person ($at)" \
  eval '[ "$at" = "200 $BASE_URL/admin" ] && [[ $session == *"\"username\":\"$person\""* ]]'
