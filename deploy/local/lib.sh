# shellcheck shell=bash
# Shared by the server scripts of deploy/local (sourced, not run). Each script defines NAME and the
# functions fetch_server, start_server, check_server; `stop`, the pid file and the log are common.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
QAI_CACHE="${QAI_CACHE:-$HOME/.cache/qai}"
DATA="${QAI_LOCAL_DATA:-$REPO_ROOT/.data/local}/$NAME"
PID_FILE="$DATA/$NAME.pid"
LOG="$DATA/$NAME.log"

say() { printf '%s: %s\n' "$NAME" "$*" >&2; }
die() { say "$*"; exit 1; }

# The pid of the running server, or nothing.
running_pid() {
  [[ -f "$PID_FILE" ]] || return 0
  local pid
  pid="$(cat "$PID_FILE")"
  if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then echo "$pid"; fi
}

# Fails when something other than our server already listens on the port.
port_free() {
  local port="$1"
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    die "127.0.0.1:$port is already taken by another process (set the port variable to move this server)"
  fi
}

# Waits for `check_server` to pass, at most $1 seconds; shows the end of the log when it does not.
await_ready() {
  local deadline=$((SECONDS + $1))
  while ((SECONDS < deadline)); do
    [[ -n "$(running_pid)" ]] || { tail -n 40 "$LOG" >&2 || true; die "exited during start-up (log: $LOG)"; }
    if check_server >/dev/null 2>&1; then say "ready in $((SECONDS - START_SECONDS)) s (log: $LOG)"; return 0; fi
    sleep 1
  done
  tail -n 40 "$LOG" >&2 || true
  die "not ready after $1 s (log: $LOG)"
}

stop_server() {
  local pid
  pid="$(running_pid)"
  if [[ -z "$pid" ]]; then say "not running"; rm -f "$PID_FILE"; return 0; fi
  kill -TERM "$pid"
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$PID_FILE"; say "stopped"; return 0; }
    sleep 1
  done
  say "still running after 60 s, killing $pid"
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$PID_FILE"
}

# Dispatches the subcommand; `start` fetches first and does nothing when the server already runs.
main() {
  case "${1:-}" in
    fetch) fetch_server ;;
    start)
      if [[ -n "$(running_pid)" ]]; then say "already running (pid $(running_pid))"; return 0; fi
      fetch_server
      mkdir -p "$DATA"
      START_SECONDS=$SECONDS
      start_server
      ;;
    check) check_server ;;
    stop) stop_server ;;
    *) echo "usage: $0 fetch|start|check|stop" >&2; exit 2 ;;
  esac
}
