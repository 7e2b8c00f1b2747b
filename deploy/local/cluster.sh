#!/usr/bin/env bash
# QAI in the distributed mode on this machine: Kafka, Elasticsearch and Redis (the scripts next to
# this one), then every service as its own Node process over gRPC, kept running by
# cluster-supervisor.cjs; the product on http://localhost:${QAI_PORT:-8080}. Needs `make build`.
#   deploy/local/cluster.sh fetch|start|check|status|stop
NAME=cluster
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# CLUSTER_DIR moves this cluster's data, logs and pids (a second cluster, e.g. the test's).
DATA="$(realpath -m "${CLUSTER_DIR:-$DATA}")"
PID_FILE="$DATA/$NAME.pid"
LOG="$DATA/$NAME.log"
QAI_PORT="${QAI_PORT:-8080}"
CLUSTER_GRPC_BASE="${CLUSTER_GRPC_BASE:-50051}"
AUTH_HTTP_PORT="${AUTH_HTTP_PORT:-9999}"
SERVERS=(kafka elasticsearch redis)
SERVICES=(auth conversation knowledge quota accounts admin-analytics chat gateway)
HERE="$(dirname "${BASH_SOURCE[0]}")"

fetch_server() {
  local service
  for service in "${SERVICES[@]}"; do
    [[ -f "$REPO_ROOT/services/$service/dist/main.js" ]] || die "services/$service is not built: run make build (or make cluster)"
  done
  [[ -f "$REPO_ROOT/web/dist/index.html" ]] || die "web/dist is not built: run make build (or make cluster)"
  for service in "${SERVERS[@]}"; do "$HERE/$service.sh" fetch; done
}

# Starts the servers that are not running (and remembers them: `stop` stops only those), then the services.
start_server() {
  local server port
  for server in "${SERVERS[@]}"; do
    if ! "$HERE/$server.sh" check >/dev/null 2>&1; then
      "$HERE/$server.sh" start
      echo "$server" >>"$DATA/started-servers"
    fi
  done
  for port in "$QAI_PORT" "$AUTH_HTTP_PORT" $(seq "$CLUSTER_GRPC_BASE" $((CLUSTER_GRPC_BASE + 6))); do port_free "$port"; done
  # One secret per cluster, kept, so guest cookies survive a restart.
  if [[ ! -s "$DATA/cookie-secret" ]]; then (umask 077 && openssl rand -hex 32 >"$DATA/cookie-secret"); fi
  COOKIE_SECRET="$(cat "$DATA/cookie-secret")" CLUSTER_DIR="$DATA" QAI_PORT="$QAI_PORT" CLUSTER_GRPC_BASE="$CLUSTER_GRPC_BASE" \
    AUTH_HTTP_PORT="$AUTH_HTTP_PORT" nohup nice -n "${CLUSTER_NICE:-10}" node "$HERE/cluster-supervisor.cjs" >>"$LOG" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
  disown
  # The first start imports data/laws (SQLite and Elasticsearch); later ones only re-index.
  await_ready "${CLUSTER_START_TIMEOUT:-300}"
  say "the product: http://localhost:$QAI_PORT (status: $0 status, logs: $DATA/logs/)"
}

# Ready when the gateway's /readyz says every backend serves.
check_server() {
  [[ -n "$(running_pid)" ]] || { say "not running"; return 1; }
  local code
  code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$QAI_PORT/readyz" || true)"
  [[ "$code" == 200 ]] || { say "gateway /readyz answered ${code:-nothing} on 127.0.0.1:$QAI_PORT"; return 1; }
  say "ready: http://localhost:$QAI_PORT"
}

status() {
  local pid
  pid="$(running_pid)"
  if [[ -z "$pid" ]]; then say "not running"; else say "supervisor pid $pid"; fi
  # shellcheck disable=SC2016 # JavaScript, not shell
  [[ -f "$DATA/status.json" ]] && node -e '
    const status = require(process.argv[1]);
    for (const [name, s] of Object.entries(status))
      console.log(`${name.padEnd(16)} pid ${String(s.pid ?? "-").padEnd(8)} restarts ${String(s.restarts).padEnd(4)} last exit ${s.lastExit ? `${s.lastExit.signal ?? `code ${s.lastExit.code}`} at ${s.lastExit.at}` : "-"}`);
  ' "$DATA/status.json"
  for server in "${SERVERS[@]}"; do "$HERE/$server.sh" check >/dev/null 2>&1 && echo "$server: running" || echo "$server: not running"; done
  check_server || true
}

# Stops the services, then the servers this cluster started (others may be someone else's).
stop_cluster() {
  stop_server
  if [[ -f "$DATA/started-servers" ]]; then
    local server
    sort -u "$DATA/started-servers" | while read -r server; do "$HERE/$server.sh" stop; done
    rm -f "$DATA/started-servers"
  fi
}

case "${1:-}" in
  status) status ;;
  stop) stop_cluster ;;
  *) main "$@" ;;
esac
