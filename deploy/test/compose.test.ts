import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describeWithDeployTools, parseYamlStream, REPO, run, tempFile, tools } from "./deploy-tools";

/**
 * docker-compose.yml: valid against the compose-spec schema (the one `docker compose` uses), and the
 * distributed mode it promises: the infrastructure starts by default and every service is pointed at it.
 */
interface ComposeService {
  profiles?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  read_only?: boolean;
  cap_drop?: string[];
  security_opt?: string[];
  healthcheck?: { test: string[] };
  command?: string[];
}

const SERVICES = ["gateway", "chat", "conversation", "knowledge", "quota", "auth", "accounts", "admin-analytics"];
const INFRA = ["mongodb", "kafka", "elasticsearch", "redis"];
/** The server each adapter variable names, when it is set. */
const SERVER_OF: Record<string, string> = {
  RECORD_STORE_URL: "mongodb",
  EVENT_BUS_URL: "kafka",
  SEARCH_URL: "elasticsearch",
  QUOTA_STORE_URL: "redis",
  GATEWAY_STATE_URL: "redis",
};

function validate(file: string) {
  return run(tools.checkJsonschema, ["--schemafile", tools.composeSchema, file]);
}

describeWithDeployTools("docker-compose.yml", () => {
  const text = readFileSync(join(REPO, "docker-compose.yml"), "utf8");
  const compose = parseYamlStream<{ services: Record<string, ComposeService> }>(text)[0]!;

  it("matches the compose-spec schema", () => {
    const result = validate(join(REPO, "docker-compose.yml"));
    expect(result.stdout + result.stderr).toContain("ok -- validation done");
    expect(result.status).toBe(0);
  });

  it("fails the schema with a misspelt key (the validation can fail)", () => {
    const result = validate(tempFile("docker-compose.yml", text.replace("stop_grace_period: 15s", "stop_grace_periode: 15s")));
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain("stop_grace_periode");
  });

  it("runs the eight services and the infrastructure by default, the services hardened as before", () => {
    expect(Object.keys(compose.services).sort()).toEqual([...SERVICES, ...INFRA].sort());
    for (const [name, service] of Object.entries(compose.services)) {
      expect([name, service.profiles]).toEqual([name, undefined]);
      expect([name, service.security_opt]).toEqual([name, ["no-new-privileges:true"]]);
    }
    for (const name of SERVICES) {
      expect(compose.services[name]).toMatchObject({ read_only: true, cap_drop: ["ALL"] });
    }
    expect(compose.services.mongodb!.command).toEqual(["mongod", "--replSet", "rs0", "--bind_ip_all"]);
    expect(compose.services.mongodb!.healthcheck!.test.join(" ")).toContain("rs.initiate");
  });

  it("points every stateful service at MongoDB (its own database) and Kafka, knowledge at Elasticsearch, quota and the gateway at Redis", () => {
    const env = (name: string) => compose.services[name]!.environment ?? {};
    for (const name of ["conversation", "knowledge", "quota", "auth", "accounts", "admin-analytics"]) {
      expect(env(name).RECORD_STORE_URL).toBe(`mongodb://mongodb:27017/qai-${name}?replicaSet=rs0`);
      expect(env(name).EVENT_BUS_URL).toBe("kafka://kafka:9092?partitions=3&replication=1");
    }
    expect(env("auth").AUTH_KEYS_SECRET).toMatch(/^\$\{AUTH_KEYS_SECRET:\?/);
    expect(env("knowledge").SEARCH_URL).toBe("http://elasticsearch:9200");
    expect(env("quota").QUOTA_STORE_URL).toBe("redis://redis:6379");
    expect(env("gateway")).toMatchObject({ EVENT_BUS_URL: "kafka://kafka:9092?partitions=3&replication=1", GATEWAY_STATE_URL: "redis://redis:6379" });
  });

  it("starts each service only once the servers its adapters name are healthy", () => {
    for (const name of SERVICES) {
      const service = compose.services[name]!;
      const needed = Object.keys(service.environment ?? {})
        .filter((key) => key in SERVER_OF)
        .map((key) => SERVER_OF[key]!);
      for (const server of needed) {
        expect([name, server, service.depends_on?.[server]]).toEqual([name, server, { condition: "service_healthy" }]);
      }
    }
    for (const server of INFRA) expect([server, compose.services[server]!.healthcheck]).toEqual([server, expect.anything()]);
  });
});
