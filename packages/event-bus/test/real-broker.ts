import { spawnSync } from "node:child_process";

/**
 * Which Kafka brokers the Kafka tests use, and whether they run. `KAFKA_BROKERS` (comma-separated
 * host:port) or `QAI_REAL_SERVERS=1` make them required: they then run and fail if no broker
 * answers. Otherwise they run when a broker listens on 127.0.0.1:9092 (`deploy/local/kafka.sh
 * start`), and are skipped, named with the reason, when none does.
 */
export function kafkaBrokers(env: NodeJS.ProcessEnv = process.env): { brokers: string[]; skipReason?: string } {
  const configured = env.KAFKA_BROKERS?.trim() || undefined; // empty means unset, as in loadConfig
  const brokers = (configured ?? "127.0.0.1:9092").split(",").map((broker) => broker.trim()).filter(Boolean);
  const required = configured !== undefined || env.QAI_REAL_SERVERS === "1";
  if (required || brokers.some(listening)) return { brokers };
  return { brokers, skipReason: `no Kafka broker answers at ${brokers.join(",")}: start one with deploy/local/kafka.sh start, or set KAFKA_BROKERS / QAI_REAL_SERVERS=1 to require it` };
}

/** Whether something accepts TCP connections at host:port (checked synchronously, as jest declares tests synchronously). */
function listening(address: string): boolean {
  const [host, port] = [address.slice(0, address.lastIndexOf(":")), address.slice(address.lastIndexOf(":") + 1)];
  const probe = `require("node:net").connect(${Number(port)}, ${JSON.stringify(host)}).on("connect", () => process.exit(0)).on("error", () => process.exit(1))`;
  return spawnSync(process.execPath, ["-e", probe], { timeout: 3000 }).status === 0;
}
