import { describeWithDeployTools, parseYamlStream, run, tempFile, tools, type Manifest } from "./deploy-tools";

/**
 * helm/qai: lint, render three value sets (defaults = in-cluster infrastructure, managed infrastructure,
 * embedded adapters) and validate every rendered object against the Kubernetes JSON schemas, strictly
 * (unknown fields are errors), for the oldest and a current Kubernetes version the chart supports.
 */
const CHART = "helm/qai";
const KUBERNETES_VERSIONS = ["1.25.0", "1.34.0"];
const VALUE_SETS = {
  defaults: [],
  "external infrastructure": ["-f", "helm/qai/ci/external-infra-values.yaml"],
  "embedded adapters": ["-f", "helm/qai/ci/embedded-values.yaml"],
} satisfies Record<string, string[]>;
const STATEFUL = ["conversation", "knowledge", "quota", "auth", "accounts", "admin-analytics"];

interface Rendered {
  yaml: string;
  objects: Manifest[];
}

function template(args: string[]): { status: number | null; yaml: string; error: string } {
  const result = run(tools.helm, ["template", "qai", CHART, "--namespace", "qai", ...args]);
  return { status: result.status, yaml: result.stdout, error: result.stderr };
}

function render(args: string[]): Rendered {
  const result = template(args);
  if (result.status !== 0) throw new Error(`helm template ${args.join(" ")} failed: ${result.error}`);
  return { yaml: result.yaml, objects: parseYamlStream<Manifest>(result.yaml) };
}

function find(rendered: Rendered, kind: string, name: string): Manifest {
  const found = rendered.objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in ${rendered.objects.map((o) => `${o.kind}/${o.metadata.name}`).join(", ")}`);
  return found;
}

function names(rendered: Rendered, kind: string): string[] {
  return rendered.objects.filter((object) => object.kind === kind).map((object) => object.metadata.name).sort();
}

interface Container {
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
}
interface PodSpec {
  containers: Container[];
  volumes?: { name: string; persistentVolumeClaim?: unknown; emptyDir?: unknown }[];
}

function podSpec(deployment: Manifest): PodSpec {
  return (deployment.spec as { template: { spec: PodSpec } }).template.spec;
}

/** The env of a service's container: name → value (or "secret:<name>/<key>"). */
function env(rendered: Rendered, service: string): Record<string, string> {
  const entries = podSpec(find(rendered, "Deployment", `qai-${service}`)).containers[0]!.env ?? [];
  return Object.fromEntries(
    entries.map((entry) => {
      const ref = entry.valueFrom?.secretKeyRef;
      return [entry.name, ref ? `secret:${ref.name}/${ref.key}` : (entry.value ?? "")];
    }),
  );
}

interface PolicyRule {
  ports?: { port: number }[];
  from?: { podSelector?: { matchLabels: Record<string, string> }; namespaceSelector?: unknown }[];
  to?: { podSelector?: { matchLabels: Record<string, string> }; ipBlock?: { cidr: string } }[];
}

/** Which components may open which port of a service, from its NetworkPolicy. */
function allowedCallers(rendered: Rendered, service: string): Record<number, string[]> {
  const rules = (find(rendered, "NetworkPolicy", `qai-${service}`).spec as { ingress: PolicyRule[] }).ingress;
  const callers: Record<number, string[]> = {};
  for (const rule of rules) {
    for (const { port } of rule.ports ?? []) {
      const from = (rule.from ?? []).map((peer) => peer.podSelector?.matchLabels["app.kubernetes.io/component"] ?? "anywhere-selected");
      callers[port] = [...(callers[port] ?? []), ...(rule.from ? from : ["anywhere"])].sort();
    }
  }
  return callers;
}

function egressComponents(rendered: Rendered, service: string): string[] {
  const rules = (find(rendered, "NetworkPolicy", `qai-${service}`).spec as { egress: PolicyRule[] }).egress;
  return rules
    .flatMap((rule) => rule.to ?? [])
    .map((peer) => peer.podSelector?.matchLabels["app.kubernetes.io/component"])
    .filter((component): component is string => component !== undefined)
    .sort();
}

describeWithDeployTools("helm/qai", () => {
  const rendered = Object.fromEntries(Object.entries(VALUE_SETS).map(([name, args]) => [name, render(args)])) as Record<
    keyof typeof VALUE_SETS,
    Rendered
  >;

  it.each(Object.entries(VALUE_SETS))("passes helm lint --strict with the %s", (_name, args) => {
    const lint = run(tools.helm, ["lint", "--strict", CHART, ...args]);
    expect(lint.stderr + lint.stdout).toContain("0 chart(s) failed");
    expect(lint.status).toBe(0);
  });

  describe.each(KUBERNETES_VERSIONS)("on Kubernetes %s", (version) => {
    it.each(Object.keys(VALUE_SETS))("renders the %s into objects that all match the Kubernetes schemas", (name) => {
      const { yaml, objects } = rendered[name as keyof typeof VALUE_SETS];
      const validation = run(tools.kubernetesValidate, ["--strict", "-k", version, tempFile("rendered.yaml", yaml)]);
      expect(validation.stdout).not.toContain("ERROR");
      expect(validation.status).toBe(0);
      expect(validation.stdout.match(/ passed for resource /g)?.length).toBe(objects.length);
    });
  });

  it("rejects an object the Kubernetes schemas do not allow (the validation can fail)", () => {
    const broken = rendered.defaults.yaml.replace("revisionHistoryLimit: 5", "revisionHistoryLimit: 5\n  revisionHistoryLimits: 5");
    const validation = run(tools.kubernetesValidate, ["--strict", "-k", KUBERNETES_VERSIONS[0]!, tempFile("broken.yaml", broken)]);
    expect(validation.status).not.toBe(0);
    expect(validation.stdout).toContain("'revisionHistoryLimits' was unexpected");
  });

  it("by default runs MongoDB, Kafka, Elasticsearch and Redis in the cluster and points every service at them", () => {
    const r = rendered.defaults;
    expect(names(r, "StatefulSet")).toEqual(["qai-elasticsearch", "qai-kafka", "qai-mongodb", "qai-redis"]);
    const bus = "kafka://qai-kafka:9092?partitions=3&replication=1";
    for (const service of STATEFUL) {
      expect(env(r, service).RECORD_STORE_URL).toBe(`mongodb://qai-mongodb:27017/qai-${service}?replicaSet=rs0`);
      expect(env(r, service).EVENT_BUS_URL).toBe(bus);
    }
    expect(env(r, "auth").AUTH_KEYS_SECRET).toBe("secret:qai-auth-keys/AUTH_KEYS_SECRET");
    expect(names(r, "Secret")).toEqual(["qai-auth-keys", "qai-cookie"]);
    expect(env(r, "knowledge").SEARCH_URL).toBe("http://qai-elasticsearch:9200");
    expect(env(r, "quota").QUOTA_STORE_URL).toBe("redis://qai-redis:6379");
    expect(env(r, "gateway")).toMatchObject({ EVENT_BUS_URL: bus, GATEWAY_STATE_URL: "redis://qai-redis:6379" });
    expect(Object.keys(env(r, "chat")).filter((key) => key.endsWith("_URL"))).toEqual([]);
    // Only auth keeps a volume (its signing keys); nothing publishes the old unused infra ConfigMap.
    expect(names(r, "PersistentVolumeClaim")).toEqual(["qai-auth-data"]);
    expect(names(r, "ConfigMap")).toEqual([]);
    // Each service waits for the in-cluster servers it uses (init container), none for managed ones.
    const waits = (set: Rendered, service: string) =>
      ((podSpec(find(set, "Deployment", `qai-${service}`)) as PodSpec & { initContainers?: { command: string[] }[] }).initContainers ?? []).flatMap((init) => init.command.slice(3));
    expect(waits(r, "knowledge")).toEqual(["qai-mongodb:27017", "qai-kafka:9092", "qai-elasticsearch:9200"]);
    expect(waits(r, "gateway")).toEqual(["qai-kafka:9092", "qai-redis:6379"]);
    expect(waits(r, "chat")).toEqual([]);
    expect(waits(rendered["external infrastructure"], "knowledge")).toEqual([]);
    const mongo = JSON.stringify(find(r, "StatefulSet", "qai-mongodb"));
    expect(mongo).toContain('"--replSet","rs0"');
    expect(mongo).toContain("rs.initiate");
  });

  it("probes the gRPC services through grpc.health.v1 and autoscales and protects gateway and chat", () => {
    const r = rendered.defaults;
    for (const service of ["chat", ...STATEFUL]) {
      const container = podSpec(find(r, "Deployment", `qai-${service}`)).containers[0] as { startupProbe: unknown; livenessProbe: unknown };
      expect(container.startupProbe).toMatchObject({ grpc: { port: expect.any(Number) } });
      expect(container.livenessProbe).toMatchObject({ grpc: { port: expect.any(Number) } });
    }
    expect(names(r, "HorizontalPodAutoscaler")).toEqual(["qai-chat", "qai-gateway"]);
    expect(names(r, "PodDisruptionBudget")).toEqual(["qai-chat", "qai-gateway"]);
    expect(find(r, "PodDisruptionBudget", "qai-gateway").spec).toMatchObject({ maxUnavailable: 1 });
  });

  it("lets each service be reached only by the services that call it, and each reach only what it uses", () => {
    const r = rendered.defaults;
    expect(allowedCallers(r, "gateway")).toEqual({ 8080: ["anywhere"] });
    expect(allowedCallers(r, "chat")).toEqual({ 50051: ["gateway"] });
    expect(allowedCallers(r, "conversation")).toEqual({ 50052: ["chat", "gateway"] });
    expect(allowedCallers(r, "knowledge")).toEqual({ 50053: ["chat", "gateway"] });
    expect(allowedCallers(r, "auth")).toEqual({ 50055: ["accounts", "gateway"], 9999: ["gateway"] });
    expect(allowedCallers(r, "admin-analytics")).toEqual({ 50057: ["gateway"] });
    expect(allowedCallers(r, "mongodb")).toEqual({ 27017: ["accounts", "admin-analytics", "auth", "conversation", "knowledge", "mongodb", "quota"] });
    expect(allowedCallers(r, "elasticsearch")).toEqual({ 9200: ["elasticsearch", "knowledge"] });
    expect(allowedCallers(r, "redis")).toEqual({ 6379: ["gateway", "quota", "redis"] });
    expect(egressComponents(r, "chat")).toEqual(["conversation", "knowledge"]);
    expect(egressComponents(r, "knowledge")).toEqual(["elasticsearch", "kafka", "mongodb"]);
    expect(egressComponents(r, "auth")).toEqual(["kafka", "mongodb"]);
  });

  it("with managed infrastructure gives each service its own database, takes credentials from Secrets and scales the stateful services", () => {
    const r = rendered["external infrastructure"];
    expect(names(r, "StatefulSet")).toEqual([]);
    expect(env(r, "conversation").RECORD_STORE_URL).toBe("mongodb+srv://qai@cluster0.example.net/qai-conversation?retryWrites=true&w=majority");
    expect(env(r, "knowledge").SEARCH_URL).toBe("secret:qai-search/url");
    expect(env(r, "quota").QUOTA_STORE_URL).toBe("secret:qai-redis/url");
    expect(env(r, "gateway").GATEWAY_STATE_URL).toBe("secret:qai-redis/url");
    expect((find(r, "Deployment", "qai-admin-analytics").spec as { replicas: number }).replicas).toBe(3);
    expect((find(r, "Deployment", "qai-knowledge").spec as { strategy?: unknown }).strategy).toBeUndefined();
    expect(names(r, "PersistentVolumeClaim")).toEqual(["qai-auth-data"]);
    expect(names(r, "PodDisruptionBudget")).toEqual(["qai-accounts", "qai-admin-analytics", "qai-chat", "qai-conversation", "qai-gateway", "qai-knowledge", "qai-quota"]);
    expect(allowedCallers(r, "gateway")).toEqual({ 8080: ["anywhere-selected"] });
    const kafkaEgress = JSON.stringify((find(r, "NetworkPolicy", "qai-conversation").spec as { egress: unknown }).egress);
    expect(kafkaEgress).toContain('"cidr":"10.20.0.0/16"');
  });

  it("without infrastructure runs the embedded adapters on ReadWriteOnce volumes, one replica each, recreated", () => {
    const r = rendered["embedded adapters"];
    expect(names(r, "StatefulSet")).toEqual([]);
    expect(env(r, "conversation")).toMatchObject({ RECORD_STORE_URL: "sqlite", EVENT_BUS_URL: "in-process" });
    expect(env(r, "knowledge").SEARCH_URL).toBe("embedded");
    expect(env(r, "quota").QUOTA_STORE_URL).toBe("sqlite");
    expect(env(r, "gateway").GATEWAY_STATE_URL).toBe("memory");
    expect(names(r, "PersistentVolumeClaim")).toEqual(STATEFUL.map((service) => `qai-${service}-data`).sort());
    for (const service of STATEFUL) {
      expect(find(r, "Deployment", `qai-${service}`).spec).toMatchObject({ replicas: 1, strategy: { type: "Recreate" } });
    }
    expect(names(r, "PodDisruptionBudget")).toEqual(["qai-chat"]);
  });

  it.each([
    ["a SQLite service with two replicas", ["-f", VALUE_SETS["embedded adapters"][1]!, "--set", "services.quota.replicaCount=2"], "services.quota: its SQLite data sits on a ReadWriteOnce volume"],
    ["auth with two replicas", ["--set", "services.auth.replicaCount=2"], "services.auth keeps files on a ReadWriteOnce volume"],
    ["several gateways without Redis", ["--set", "infra.redis.enabled=false"], "services.gateway: more than one replica needs a shared gatewayState"],
    ["several knowledge replicas on the embedded index", ["--set", "infra.elasticsearch.enabled=false", "--set", "services.knowledge.replicaCount=2"], "needs a shared search"],
    ["a MongoDB URL naming a database", ["--set", "infra.mongodb.external.url=mongodb://db.example.net/qai"], "/infra/mongodb/external/url"],
    ["an unknown value", ["--set", "services.chat.replicas=2"], "additional properties 'replicas' not allowed"],
  ])("refuses %s", (_what, args, message) => {
    const result = template(args);
    expect(result.status).not.toBe(0);
    expect(result.error).toContain(message);
  });
});
