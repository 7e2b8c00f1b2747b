#!/usr/bin/env bash
# Redis from Debian's redis-server package, on loopback, data under .data/local/redis:
#   deploy/local/redis.sh fetch|start|check|stop
NAME=redis
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

REDIS_PORT="${REDIS_PORT:-6379}"
REDIS_MAXMEMORY="${REDIS_MAXMEMORY:-256mb}"

fetch_server() {
  if command -v redis-server >/dev/null && command -v redis-cli >/dev/null; then return 0; fi
  [[ "$(id -u)" == 0 ]] || die "redis-server is missing: apt-get install redis-server (needs root)"
  say "installing Debian's redis-server"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null
}

start_server() {
  port_free "$REDIS_PORT"
  # Everything on the command line: the packaged /etc/redis/redis.conf (and its service) is not used.
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --protected-mode yes --dir "$DATA" \
    --appendonly yes --save "" --maxmemory "$REDIS_MAXMEMORY" --maxmemory-policy noeviction \
    --daemonize no --logfile "" >>"$LOG" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
  disown
  await_ready 20
}

# Ready when PING answers PONG and a value written can be read back.
check_server() {
  [[ -n "$(running_pid)" ]] || { say "not running"; return 1; }
  local cli=(redis-cli -h 127.0.0.1 -p "$REDIS_PORT")
  [[ "$("${cli[@]}" ping 2>/dev/null)" == PONG ]] || { say "no PONG on 127.0.0.1:$REDIS_PORT"; return 1; }
  "${cli[@]}" set qai:local:check "$$" EX 10 >/dev/null
  [[ "$("${cli[@]}" get qai:local:check)" == "$$" ]] || { say "could not write and read back a key"; return 1; }
  say "answers on 127.0.0.1:$REDIS_PORT (REDIS_URL=redis://127.0.0.1:$REDIS_PORT)"
}

main "$@"
