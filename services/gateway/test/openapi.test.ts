import request from "supertest";
import type { GatewayApp } from "../src/app";
import { bareGateway } from "./bare-gateway";
import { openApiDocument, openApiPath } from "../src/openapi/document";

/** The gateway with no services behind it: enough to list its routes and serve the document. */
const gateway = (): GatewayApp => bareGateway();

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every "METHOD /path" the app routes: its JSON reads and posts, and the rest from Express's router stack. */
function routesOf(app: GatewayApp): string[] {
  const found: string[] = [...app.reads.paths.map((path) => `GET ${path}`), ...app.posts.paths.map((path) => `POST ${path}`)];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) for (const method of Object.keys(layer.route.methods)) found.push(`${method.toUpperCase()} ${layer.route.path}`);
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app.express as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

describe("the OpenAPI document", () => {
  const document = openApiDocument();
  const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));

  it("describes every /api route the gateway serves, and only those", () => {
    const served = routesOf(gateway())
      .filter((route) => / \/api\//.test(route) && !route.startsWith("GET /api/docs/"))
      .map((route) => route.replace(/ (.*)$/, (_match, path: string) => ` ${openApiPath(path)}`));
    expect(served.length).toBeGreaterThan(30);
    expect([...new Set(documented)].sort()).toEqual([...new Set(served)].sort());
  });

  it("is OpenAPI 3.1 with, for each operation, its path parameters, responses and body schema", () => {
    expect(document.openapi).toBe("3.1.0");
    for (const [path, methods] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(methods) as Array<[string, { parameters: Array<{ name: string; in: string; required: boolean }>; responses: Record<string, unknown>; requestBody?: unknown }]>) {
        expect(operation.parameters.filter((p) => p.in === "path").map((p) => p.name)).toEqual(names);
        expect(operation.parameters.filter((p) => p.in === "path").every((p) => p.required)).toBe(true);
        expect(Object.keys(operation.responses).some((status) => status.startsWith("2"))).toBe(true);
        expect(Object.keys(operation.responses).some((status) => Number(status) >= 500)).toBe(false);
        if (["post", "put", "patch"].includes(method) && operation.requestBody) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["400", "413", "415"]));
      }
    }
  });

  it("carries the zod constraints of the inputs (types, enums, lengths, required fields)", () => {
    const ask = document.paths["/api/chat/ask-stream"]!.post as unknown as { requestBody: { content: { "application/json": { schema: { required: string[]; properties: Record<string, Record<string, unknown>> } } } } };
    const schema = ask.requestBody.content["application/json"].schema;
    expect(schema.required).toEqual(["question"]);
    expect(schema.properties.question).toMatchObject({ type: "string", minLength: 1 });
    expect(schema.properties.language).toMatchObject({ enum: ["ar", "en"], default: "ar" });
    const history = document.paths["/api/history/questions"]!.get as unknown as { parameters: Array<{ name: string; schema: Record<string, unknown> }> };
    expect(history.parameters.find((p) => p.name === "limit")!.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 500, default: 100 });
  });

  it("is served at /api/openapi.json, with Swagger UI from the installed package at /api/docs", async () => {
    const app = gateway();
    const json = await request(app).get("/api/openapi.json");
    expect(json.status).toBe(200);
    expect(json.body).toEqual(JSON.parse(JSON.stringify(document)));
    const page = await request(app).get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.text).toContain('<script src="/api/docs/assets/swagger-ui-bundle.js">');
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    for (const asset of ["swagger-ui-bundle.js", "swagger-ui.css"]) {
      const response = await request(app).get(`/api/docs/assets/${asset}`);
      expect(response.status).toBe(200);
      expect(Number(response.headers["content-length"])).toBeGreaterThan(1000);
    }
    expect((await request(app).get("/api/docs/init.js")).text).toContain('url: "/api/openapi.json"');
    // Only the files the page needs: anything else in the package is a 404 like any unknown route.
    expect((await request(app).get("/api/docs/assets/package.json")).status).toBe(404);
  });
});
