import { createServer, type Server } from "node:http";
import request from "supertest";
import type { GatewayApp } from "../src/app";
import { AccessTokenVerifier } from "../src/http/access-tokens";
import { Callers } from "../src/http/caller";
import { bareGateway } from "./bare-gateway";
import { ISSUER, USER, newKey, token, type Key } from "./signed-tokens";

const LAW = { lawName: "نظام العمل", articles: [{ articleNumber: 1, articleContent: "نص المادة الأولى" }] };

/** What the gateway tells the backends about the verified caller: the sign-in's provider, the admin behind each knowledge change. */
describe("facts about the verified caller forwarded to the services", () => {
  let jwks: Server;
  let key: Key;
  let app: GatewayApp;
  const calls: Array<{ method: string; request: Record<string, unknown> }> = [];

  /** A client whose calls are recorded and answered with `responses[method]`. */
  function recording(responses: Record<string, unknown>) {
    return Object.fromEntries(
      Object.entries(responses).map(([method, response]) => [
        method,
        async (request: Record<string, unknown>) => {
          calls.push({ method, request });
          return response;
        },
      ]),
    );
  }

  beforeAll(async () => {
    key = await newKey("key-1");
    jwks = createServer((_request, response) => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ keys: [key.jwk] }));
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => jwks.once("listening", resolve));
    const { port } = jwks.address() as { port: number };
    app = bareGateway({
      callers: new Callers(new AccessTokenVerifier({ jwksUrl: `http://127.0.0.1:${port}/jwks.json`, issuer: ISSUER })),
      accounts: { ...recording({ syncUser: { profile: { userId: USER, email: "sara@example.com" } } }), checkAdmin: async () => ({ isAdmin: true }) },
      knowledge: recording({
        uploadLaw: { lawName: LAW.lawName, newCount: 1, duplicateCount: 0 },
        replaceAll: { filesProcessed: 1, totalArticles: 1 },
        updateLaw: { lawName: LAW.lawName, articleCount: 1 },
        deleteAll: { deletedLaws: 1, deletedArticles: 1 },
        updateUrls: { updatedCount: 0, totalLawsChecked: 1 },
        addDocument: {},
        deleteDocument: {},
      }),
    });
  });
  afterAll(() => new Promise((resolve) => jwks.close(resolve)));
  beforeEach(() => {
    calls.length = 0;
  });

  it("syncs a sign-in with the token's auth provider, e-mail when the token names none", async () => {
    const google = await token(key, { app_metadata: { provider: "google", providers: ["google"] } });
    expect((await request(app).post("/api/users").auth(google, { type: "bearer" }).send({ firstName: "Sara" })).status).toBe(200);
    expect((await request(app).post("/api/users").auth(await token(key), { type: "bearer" }).send({})).status).toBe(200);
    expect(calls.map((call) => [call.method, call.request.userId, call.request.provider])).toEqual([
      ["syncUser", USER, "google"],
      ["syncUser", USER, "email"],
    ]);
  });

  it("names the admin behind every change of the knowledge base and its documents", async () => {
    const admin = await token(key);
    const send = (method: "post" | "delete", path: string, body?: object) => request(app)[method](path).auth(admin, { type: "bearer" }).send(body);
    const statuses = [
      (await send("post", "/api/admin/knowledge/upload", LAW)).status,
      (await send("post", "/api/admin/knowledge/replace", { files: [LAW] })).status,
      (await send("post", "/api/admin/knowledge/update-law", { lawNameToUpdate: LAW.lawName, fileData: LAW })).status,
      (await send("delete", "/api/admin/knowledge/delete-all")).status,
      (await send("post", "/api/admin/knowledge/update-urls")).status,
      (await send("post", "/api/documents", { title: "عقد عمل", category: "Labor Law", content: "نص العقد", citation: "نظام العمل" })).status,
      (await send("delete", "/api/documents/doc-1")).status,
    ];
    expect(statuses).toEqual([201, 200, 200, 200, 200, 201, 200]);
    expect(calls.map((call) => [call.method, call.request.actorUserId])).toEqual([
      ["uploadLaw", USER],
      ["replaceAll", USER],
      ["updateLaw", USER],
      ["deleteAll", USER],
      ["updateUrls", USER],
      ["addDocument", USER],
      ["deleteDocument", USER],
    ]);
  });
});
