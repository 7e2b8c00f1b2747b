#!/usr/bin/env bash
# A single-node Apache Kafka broker in KRaft mode (broker and controller in one JVM) on loopback:
#   deploy/local/kafka.sh fetch|start|check|stop
# The broker jars come from Maven Central (org.apache.kafka:kafka_2.13 and its runtime
# dependencies, fetched by mvn), not from a release tarball.
NAME=kafka
# shellcheck source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

KAFKA_VERSION="${KAFKA_VERSION:-3.9.2}"
KAFKA_PORT="${KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-9093}"
KAFKA_HEAP="${KAFKA_HEAP:--Xms256m -Xmx512m}"
LIBS="$QAI_CACHE/kafka/$KAFKA_VERSION/libs"
CONFIG="$DATA/server.properties"

fetch_server() {
  if [[ -f "$LIBS/.complete" ]]; then return 0; fi
  if ! command -v mvn >/dev/null || ! command -v java >/dev/null; then die "needs java 17 and mvn (apt-get install openjdk-17-jdk-headless maven)"; fi
  local project
  project="$(mktemp -d)"
  # slf4j-reload4j is the logging backend the Kafka distribution ships; the core pom names only slf4j-api.
  cat >"$project/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>qai.local</groupId><artifactId>kafka-broker</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>$KAFKA_VERSION</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-reload4j</artifactId><version>1.7.36</version></dependency>
    <dependency><groupId>ch.qos.reload4j</groupId><artifactId>reload4j</artifactId><version>1.2.25</version></dependency>
  </dependencies>
</project>
EOF
  say "fetching org.apache.kafka:kafka_2.13:$KAFKA_VERSION and its runtime dependencies from Maven Central"
  rm -rf "$LIBS" && mkdir -p "$LIBS"
  mvn -q -B -f "$project/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$LIBS"
  rm -rf "$project"
  touch "$LIBS/.complete"
  say "$(find "$LIBS" -name '*.jar' | wc -l) jars in $LIBS"
}

write_config() {
  cat >"$CONFIG" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$DATA/kraft
# Topics are created by the application (the event bus creates its topics at start-up).
auto.create.topics.enable=false
num.partitions=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
min.insync.replicas=1
group.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=2
log.retention.hours=24
EOF
  cat >"$DATA/log4j.properties" <<EOF
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.FileAppender
log4j.appender.file.File=$LOG
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
log4j.logger.org.apache.kafka=INFO
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.request.logger=WARN
EOF
}

# The java command line; run as an array, not a function, so that `&` gives the JVM's own pid.
kafka_java() {
  local heap
  read -r -a heap <<<"$1"
  JAVA=(nice -n 15 java "${heap[@]}" -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true
    -Dlog4j.configuration="file:$DATA/log4j.properties" -cp "$LIBS/*")
}

start_server() {
  port_free "$KAFKA_PORT"
  port_free "$KAFKA_CONTROLLER_PORT"
  write_config
  if [[ ! -f "$DATA/kraft/meta.properties" ]]; then
    # The cluster id is fixed per data dir: formatting happens once, later starts reuse the log.
    kafka_java -Xmx256m
    "${JAVA[@]}" kafka.tools.StorageTool format -t "$("${JAVA[@]}" kafka.tools.StorageTool random-uuid)" -c "$CONFIG" >>"$LOG" 2>&1 ||
      die "formatting $DATA/kraft failed (log: $LOG)"
  fi
  kafka_java "$KAFKA_HEAP"
  "${JAVA[@]}" kafka.Kafka "$CONFIG" >>"$LOG" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
  disown
  await_ready 120
}

# Ready when the broker answers a metadata request on its listener (kafka-clients' admin tool).
check_server() {
  [[ -n "$(running_pid)" ]] || { say "not running"; return 1; }
  # A JVM per check is costly on 2 cores: first see whether the port is open at all.
  (exec 3<>"/dev/tcp/127.0.0.1/$KAFKA_PORT") 2>/dev/null || { say "nothing listens on 127.0.0.1:$KAFKA_PORT"; return 1; }
  nice -n 15 java -Xmx128m -cp "$LIBS/*" kafka.admin.BrokerApiVersionsCommand --bootstrap-server "127.0.0.1:$KAFKA_PORT" 2>/dev/null |
    grep -q "127.0.0.1:$KAFKA_PORT" ||
    { say "no answer on 127.0.0.1:$KAFKA_PORT"; return 1; }
  say "broker answers on 127.0.0.1:$KAFKA_PORT (KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT)"
}

main "$@"
