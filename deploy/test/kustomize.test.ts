import { describeWithDeployTools, parseYamlStream, run, tempFile, tools, type Manifest } from "./deploy-tools";

/** deploy/overlays: each builds, every object matches the Kubernetes schemas, and the adapters are chosen as documented. */
const OVERLAYS = ["dev", "prod"];

interface Container {
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
}

function build(overlay: string): { yaml: string; objects: Manifest[] } {
  const result = run(tools.kustomize, ["build", `deploy/overlays/${overlay}`]);
  if (result.status !== 0) throw new Error(`kustomize build deploy/overlays/${overlay} failed: ${result.stderr}`);
  return { yaml: result.stdout, objects: parseYamlStream<Manifest>(result.stdout) };
}

function envSources(deployment: Manifest): string[] {
  const container = (deployment.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0]!;
  return (container.envFrom ?? []).map((source) => (source.secretRef ? `secret:${source.secretRef.name}` : `configMap:${source.configMapRef!.name.replace(/-[a-z0-9]{10}$/, "")}`));
}

describeWithDeployTools("deploy/overlays", () => {
  const built = Object.fromEntries(OVERLAYS.map((overlay) => [overlay, build(overlay)]));

  it.each(OVERLAYS)("%s builds into objects that all match the Kubernetes 1.34 schemas", (overlay) => {
    const { yaml, objects } = built[overlay]!;
    const validation = run(tools.kubernetesValidate, ["--strict", "-k", "1.34.0", tempFile("overlay.yaml", yaml)]);
    expect(validation.stdout).not.toContain("ERROR");
    expect(validation.status).toBe(0);
    expect(validation.stdout.match(/ passed for resource /g)?.length).toBe(objects.length);
  });

  it("dev names the embedded adapters; prod takes them from the qai-infra Secret, after qai-config", () => {
    const config = built.dev!.objects.find((object) => object.kind === "ConfigMap")!;
    expect(config.data).toMatchObject({
      RECORD_STORE_URL: "sqlite",
      EVENT_BUS_URL: "in-process",
      SEARCH_URL: "embedded",
      QUOTA_STORE_URL: "sqlite",
      GATEWAY_STATE_URL: "memory",
    });
    const deployments = built.prod!.objects.filter((object) => object.kind === "Deployment");
    expect(deployments).toHaveLength(8);
    for (const deployment of deployments) expect(envSources(deployment)).toEqual(["configMap:qai-config", "secret:qai-infra"]);
    const auth = JSON.stringify(deployments.find((deployment) => deployment.metadata.name === "auth"));
    expect(auth).toContain('{"name":"AUTH_KEYS_SECRET","valueFrom":{"secretKeyRef":{"key":"AUTH_KEYS_SECRET","name":"qai-auth-keys"}}}');
    for (const deployment of built.dev!.objects.filter((object) => object.kind === "Deployment")) expect(envSources(deployment)).toEqual(["configMap:qai-config"]);
  });
});
