import { listening, realServer } from "../../platform/test/real-server";

/** The Kafka brokers of the Kafka tests (`KAFKA_BROKERS`, comma-separated host:port, else 127.0.0.1:9092): see `realServer`. */
export function kafkaBrokers(env: NodeJS.ProcessEnv = process.env): { brokers: string[]; skipReason?: string } {
  const brokersOf = (list: string) => list.split(",").map((broker) => broker.trim()).filter(Boolean);
  const { at, skipReason } = realServer({
    what: "Kafka broker",
    variable: "KAFKA_BROKERS",
    fallback: "127.0.0.1:9092",
    script: "kafka",
    answers: (list) => brokersOf(list).some((broker) => listening(broker.slice(0, broker.lastIndexOf(":")), Number(broker.slice(broker.lastIndexOf(":") + 1)))),
    env,
  });
  return { brokers: brokersOf(at), skipReason };
}
