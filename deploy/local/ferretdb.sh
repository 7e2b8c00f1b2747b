#!/usr/bin/env bash
# FerretDB (the MongoDB wire protocol) over SQLite on loopback:
#   deploy/local/ferretdb.sh fetch|start|check|stop
# Built from the Go module proxy: github.com/FerretDB/FerretDB v1 (v2 needs PostgreSQL with the
# DocumentDB extension, which Debian does not package; v1 keeps its own SQLite backend).
NAME=ferretdb
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

FERRETDB_VERSION="${FERRETDB_VERSION:-v1.24.0}"
FERRETDB_PORT="${FERRETDB_PORT:-27017}"
BUILD="$QAI_CACHE/ferretdb/$FERRETDB_VERSION"
BIN="$BUILD/bin/ferretdb"

fetch_server() {
  if [[ -x "$BIN" ]]; then return 0; fi
  command -v go >/dev/null || die "needs go 1.22+ (apt-get install golang, or a Go toolchain)"
  say "building github.com/FerretDB/FerretDB/cmd/ferretdb@$FERRETDB_VERSION from the Go module proxy"
  # `go install pkg@version` asks the proxy for the module's version list (deprecation check), which
  # is not always served; a throwaway module that requires FerretDB builds the same package. The
  # module zip lacks the generated build/version/version.txt, so the build runs from a vendor tree
  # where it is written (what FerretDB's `task gen-version` does).
  local src="$BUILD/src"
  rm -rf "$src" && mkdir -p "$src"
  cat >"$src/go.mod" <<EOF
module qai.local/ferretdb

go 1.22

require github.com/FerretDB/FerretDB $FERRETDB_VERSION
EOF
  cat >"$src/tools.go" <<'EOF'
//go:build tools

package tools

import _ "github.com/FerretDB/FerretDB/cmd/ferretdb"
EOF
  (
    cd "$src" || exit 1
    nice -n 15 go mod tidy
    nice -n 15 go mod vendor
    echo "$FERRETDB_VERSION" >vendor/github.com/FerretDB/FerretDB/build/version/version.txt
    nice -n 15 go build -mod=vendor -trimpath -o "$BIN.tmp" github.com/FerretDB/FerretDB/cmd/ferretdb
  )
  mv "$BIN.tmp" "$BIN"
  rm -rf "$src"
  say "built $BIN"
}

start_server() {
  port_free "$FERRETDB_PORT"
  mkdir -p "$DATA/sqlite"
  nice -n 15 "$BIN" --listen-addr="127.0.0.1:$FERRETDB_PORT" --handler=sqlite \
    --sqlite-url="file:$DATA/sqlite/" --state-dir="$DATA" --telemetry=disable --debug-addr=- \
    --log-level=info >>"$LOG" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
  disown
  await_ready 60
}

# Sends a MongoDB `ping` (OP_MSG) and expects {ok: 1}, with the official mongodb driver when the
# repository has it installed, else with a hand-built OP_MSG over a socket (scripts: ferretdb-ping.cjs).
check_server() {
  [[ -n "$(running_pid)" ]] || { say "not running"; return 1; }
  node "$(dirname "${BASH_SOURCE[0]}")/ferretdb-ping.cjs" "127.0.0.1" "$FERRETDB_PORT" ||
    { say "no ping answer on 127.0.0.1:$FERRETDB_PORT"; return 1; }
  say "answers ping on 127.0.0.1:$FERRETDB_PORT (MONGODB_URL=mongodb://127.0.0.1:$FERRETDB_PORT/)"
}

main "$@"
