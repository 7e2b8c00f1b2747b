#!/usr/bin/env bash
# A single-node Elasticsearch 8 on loopback, run as the system user qai-es (it refuses root):
#   deploy/local/elasticsearch.sh fetch|start|check|stop
# The distribution is Maven Central's org.elasticsearch.distribution.integ-test-zip:elasticsearch
# (the server and a few modules; it lacks analysis-common, so a small plugin built here registers
# Lucene's ArabicAnalyzer as `arabic`, see deploy/local/README.md) and runs on the machine's Java 17.
NAME=elasticsearch
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ES_VERSION="${ES_VERSION:-8.19.21}"
ES_PORT="${ES_PORT:-9200}"
ES_TRANSPORT_PORT="${ES_TRANSPORT_PORT:-9300}"
ES_HEAP="${ES_HEAP:--Xms512m -Xmx512m}"
ES_USER="${ES_USER:-qai-es}"
ES_JAVA_HOME="${ES_JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
ZIP_URL="https://repo.maven.apache.org/maven2/org/elasticsearch/distribution/integ-test-zip/elasticsearch/$ES_VERSION/elasticsearch-$ES_VERSION.zip"
ZIP="$QAI_CACHE/elasticsearch/elasticsearch-$ES_VERSION.zip"
# qai-es must reach its data dir: for a repository only root can enter (under /root, say), it goes to /var/tmp.
if [ -z "${QAI_LOCAL_DATA:-}" ] && [ "$(id -u)" = 0 ] && ! runuser -u nobody -- test -x "$REPO_ROOT"; then
  DATA="/var/tmp/qai-local-$(printf %s "$REPO_ROOT" | sha1sum | cut -c1-12)/$NAME"
fi
# Unpacked under the data dir, not the cache: the cache may sit in root's home, which qai-es cannot read.
DIST="$DATA/elasticsearch-$ES_VERSION"
PID_FILE="$DATA/run/$NAME.pid"
LOG="$DATA/logs/qai-local.log"
URL="http://127.0.0.1:$ES_PORT"

fetch_server() {
  local tool
  for tool in curl unzip zip javac jar runuser; do
    command -v "$tool" >/dev/null || die "needs $tool (apt-get install curl unzip zip openjdk-17-jdk-headless util-linux)"
  done
  if [[ ! -f "$ZIP" ]]; then
    say "downloading $ZIP_URL"
    mkdir -p "$(dirname "$ZIP")"
    curl -fsSL --retry 3 -o "$ZIP.part" "$ZIP_URL"
    [[ "$(sha1sum <"$ZIP.part" | cut -d' ' -f1)" == "$(curl -fsSL --retry 3 "$ZIP_URL.sha1" | cut -c1-40)" ]] ||
      { rm -f "$ZIP.part"; die "checksum mismatch for $ZIP_URL"; }
    mv "$ZIP.part" "$ZIP"
  fi
  if [[ ! -x "$DIST/bin/elasticsearch" ]]; then
    mkdir -p "$DATA"
    rm -rf "$DIST.part" && mkdir -p "$DIST.part"
    unzip -q "$ZIP" -d "$DIST.part"
    mv "$DIST.part/elasticsearch-$ES_VERSION" "$DIST" && rmdir "$DIST.part"
  fi
  if [[ ! -d "$DIST/plugins/qai-arabic-analysis" ]]; then install_arabic_plugin; fi
  if ! id "$ES_USER" >/dev/null 2>&1; then
    [[ "$(id -u)" == 0 ]] || die "the user $ES_USER is missing and only root can create it"
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$ES_USER"
    say "created the system user $ES_USER"
  fi
}

# Compiles elasticsearch-arabic/ against the distribution's own jars (plugin API, Lucene) into a
# stable plugin and installs it with elasticsearch-plugin, which indexes its named components.
install_arabic_plugin() {
  local build
  build="$(mktemp -d)"
  mkdir -p "$build/classes" "$build/plugin"
  javac --release 17 -d "$build/classes" -cp "$DIST/lib/*" "$(dirname "${BASH_SOURCE[0]}")"/elasticsearch-arabic/src/qai/analysis/*.java
  jar --create --file "$build/plugin/qai-arabic-analysis.jar" -C "$build/classes" .
  cat >"$build/plugin/stable-plugin-descriptor.properties" <<EOF
name=qai-arabic-analysis
description=The arabic analyzer of analysis-common (Lucene ArabicAnalyzer), absent from the integ-test-zip
version=1.0.0
elasticsearch.version=$ES_VERSION
java.version=17
EOF
  (cd "$build/plugin" && zip -q -r ../qai-arabic-analysis.zip .)
  ES_JAVA_HOME="$ES_JAVA_HOME" CLI_JAVA_OPTS="-Xmx512m" "$DIST/bin/elasticsearch-plugin" install --batch "file://$build/qai-arabic-analysis.zip" >&2
  rm -rf "$build"
}

write_config() {
  mkdir -p "$DATA/config" "$DATA/data" "$DATA/logs" "$DATA/run"
  cp -n "$DIST/config/jvm.options" "$DIST/config/log4j2.properties" "$DATA/config/"
  cat >"$DATA/config/elasticsearch.yml" <<EOF
cluster.name: qai-local
node.name: qai-local
discovery.type: single-node
network.host: 127.0.0.1
http.port: $ES_PORT
transport.port: $ES_TRANSPORT_PORT
path.data: $DATA/data
path.logs: $DATA/logs
# Loopback only, for tests and the local cluster: no TLS, no users.
xpack.security.enabled: false
# A nearly full disk would otherwise turn indices read-only on a developer's machine.
cluster.routing.allocation.disk.threshold_enabled: false
EOF
  chown -R "$ES_USER:" "$DATA/config" "$DATA/data" "$DATA/logs" "$DATA/run"
}

start_server() {
  [[ "$(id -u)" == 0 ]] || die "run as root: the server is started as the user $ES_USER"
  port_free "$ES_PORT"
  port_free "$ES_TRANSPORT_PORT"
  write_config
  # -d returns once the node is up (or failed); the pid file is then the server JVM's.
  nice -n 15 runuser -u "$ES_USER" -- env ES_JAVA_HOME="$ES_JAVA_HOME" ES_PATH_CONF="$DATA/config" \
    ES_JAVA_OPTS="$ES_HEAP" "$DIST/bin/elasticsearch" -d -p "$PID_FILE" >>"$DATA/logs/start.log" 2>&1 </dev/null ||
    { tail -n 40 "$DATA/logs/start.log" "$LOG" >&2 2>/dev/null || true; die "failed to start (logs: $DATA/logs)"; }
  await_ready 180
}

# Ready when the cluster is at least yellow and the `arabic` analyzer stems and drops stop words:
# "ذهب الطالب إلى المحكمة" analyzes to [ذهب, طالب, محكم].
check_server() {
  [[ -n "$(running_pid)" ]] || { say "not running"; return 1; }
  curl -fsS --max-time 10 "$URL/_cluster/health?wait_for_status=yellow&timeout=5s" | grep -Eq '"status":"(green|yellow)"' ||
    { say "no healthy cluster at $URL"; return 1; }
  local tokens
  tokens="$(curl -fsS --max-time 10 -H 'content-type: application/json' "$URL/_analyze" \
    -d '{"analyzer":"arabic","text":"ذهب الطالب إلى المحكمة"}' | grep -o '"token":"[^"]*"' | cut -d'"' -f4 | paste -sd,)"
  [[ "$tokens" == "ذهب,طالب,محكم" ]] || { say "the arabic analyzer gave [$tokens]"; return 1; }
  say "answers at $URL, arabic analyzer ok [$tokens] (ELASTICSEARCH_URL=$URL)"
}

main "$@"
