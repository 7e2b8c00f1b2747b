import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectRedis } from "@qai/platform";
import { askAs, clusterAt, clusterServers, recordsOf, type Cluster } from "./cluster-harness";
import { signUp } from "./test-product";

const servers = clusterServers();

/**
 * The distributed mode on this machine (deploy/local/cluster.sh): every service its own process over
 * gRPC, Kafka, Elasticsearch and Redis. Runs when the three servers answer, and must in CI
 * (QAI_REAL_SERVERS=1). Its own ports, CLUSTER_DIR, consumer groups and Redis database; it shares the topics and
 * the `qai-articles` alias with any other cluster, so do not run it while your own cluster runs.
 * Needs `make build`.
 */
if (servers.skipReason) {
  describe("the local cluster", () => {
    it.skip(`skipped: ${servers.skipReason}`, () => undefined);
  });
} else {
  describe("the local cluster", () => {
    let dir: string;
    let cluster: Cluster;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "qai-cluster-"));
      cluster = await clusterAt({ dir, servers, env: { AUTH_AUTOCONFIRM: "true", LOG_LEVEL: "warn" } });
      const started = await cluster.run("start");
      if (started.code !== 0) throw new Error(`cluster.sh start failed:\n${started.output}`);
    }, 300_000);

    afterAll(async () => {
      await cluster?.stop();
      if (dir) await rm(dir, { recursive: true, force: true });
    }, 60_000);

    it("serves the product once every service is up: /readyz 200, the web app", async () => {
      const ready = await fetch(`${cluster.base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: "ready" });
      expect((await fetch(`${cluster.base}/`)).headers.get("content-type")).toMatch(/text\/html/);
      expect((await cluster.run("check")).code).toBe(0);
    });

    it("signs up, answers a question, and on account deletion conversation and quota forget the user (through Kafka)", async () => {
      const user = await signUp(cluster.base, `cluster-${Date.now()}@example.com`);
      const owner = `user:${user.userId}`;
      const synced = await fetch(`${cluster.base}/api/users`, {
        method: "POST",
        headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, authProviderId: user.userId, firstName: "Sara", lastName: "Alotaibi" }),
      });
      expect(synced.status).toBe(200);

      const answer = await askAs(cluster.base, user.token, user.userId, "ما هي مدة فترة التجربة للعامل؟");
      expect(answer.status).toBe(200);
      expect(answer.events[0]).toMatchObject({ type: "userMessage" });
      const complete = answer.events.find((event) => event.isComplete === true);
      expect(complete).toMatchObject({ conversationId: expect.any(String), content: expect.any(String) });
      const messages = await fetch(`${cluster.base}/api/messages?conversationId=${String(complete!.conversationId)}`, { headers: { authorization: `Bearer ${user.token}` } });
      expect((await messages.json()) as unknown[]).toHaveLength(2);

      const ownedBy = (service: "conversation" | "quota", collection: string) => recordsOf<{ ownerKey: string }>(dir, service, collection).filter((r) => r.ownerKey === owner).length;
      const redis = await connectRedis(cluster.redisUrl);
      try {
        const countersOfUser = () => redis.smembers(`qai:quota:owner:${owner}`);
        expect(ownedBy("conversation", "messages")).toBe(2);
        expect(ownedBy("conversation", "conversations")).toBe(1);
        expect(ownedBy("quota", "reservations")).toBe(1);
        expect(await countersOfUser()).toHaveLength(1);

        const deleted = await fetch(`${cluster.base}/api/users/account`, {
          method: "DELETE",
          headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
          body: JSON.stringify({ authProviderId: user.userId }),
        });
        expect(await deleted.json()).toEqual({ deleted: true });
        // auth.session.v1 from auth's own process through Kafka: the gateway refuses the deleted user's token.
        const refusedBy = Date.now() + 30_000;
        const limit = () => fetch(`${cluster.base}/api/users/question-limit`, { headers: { authorization: `Bearer ${user.token}` } }).then((r) => r.status);
        while ((await limit()) !== 401 && Date.now() < refusedBy) await new Promise((done) => setTimeout(done, 250));
        expect(await limit()).toBe(401);

        // accounts.user.v1 DELETED: accounts' outbox → Kafka → conversation's and quota's consumers.
        const deadline = Date.now() + 60_000;
        const remaining = async () => ownedBy("conversation", "messages") + ownedBy("conversation", "conversations") + ownedBy("conversation", "questions") + ownedBy("quota", "reservations") + (await countersOfUser()).length;
        while ((await remaining()) > 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 250));
        expect(await remaining()).toBe(0);
      } finally {
        redis.disconnect();
      }
    }, 90_000);
  });
}
