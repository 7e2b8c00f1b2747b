import { setTimeout as sleep } from "node:timers/promises";
import { fromBinary } from "@bufbuild/protobuf";
import { AccountsService, AuthAdminService, UserChangeKind, UserChangedSchema, type UserChanged } from "@qai/contracts";
import { InProcessEventBus } from "@qai/event-bus";
import { AppError, GrpcServer, createLogger, createServiceClient, serveGrpc, type ClientOf, type RunningService } from "@qai/platform";
import { openSqliteRecordStore } from "@qai/record-store";
import { startAccountsService } from "@qai/accounts";
import { TRANSPORTS } from "../../../packages/platform/test/transports";

const logger = createLogger({ service: "test", level: "silent" });

/** The auth server at the boundary: remembers which users it was asked to delete. */
class FakeAuth {
  readonly users = new Set(["u-alice", "u-bob"]);
  readonly deleteRequests: string[] = [];
  failing = false;
  private readonly server = new GrpcServer(logger).add(AuthAdminService, {
    deleteUser: async ({ userId }) => {
      if (this.failing) throw new AppError("unavailable", "auth store is down");
      this.deleteRequests.push(userId);
      return { deleted: this.users.delete(userId) };
    },
    countUsers: async () => ({ total: this.users.size }),
  });

  private service: RunningService | undefined;

  async listen(bindAddress: string): Promise<string> {
    this.service = await serveGrpc("fake-auth", this.server, bindAddress, async () => undefined);
    return this.service.address;
  }

  async stop(): Promise<void> {
    await this.service?.stop(100);
  }
}

async function eventually(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 2000) throw new Error("timed out waiting");
    await sleep(10);
  }
}

describe.each(TRANSPORTS)("accounts service over %s", (_transport, bindAddress) => {
  let auth: FakeAuth;
  let bus: InProcessEventBus;
  let service: RunningService;
  let client: ClientOf<typeof AccountsService>;
  const published: UserChanged[] = [];

  beforeEach(async () => {
    auth = new FakeAuth();
    bus = new InProcessEventBus();
    published.length = 0;
    await bus.subscribe({ topic: "accounts.user.v1", group: "test", handler: async (event) => void published.push(fromBinary(UserChangedSchema, event.payload)) });
    service = await startAccountsService({
      store: await openSqliteRecordStore({ file: ":memory:" }),
      bus,
      logger,
      bindAddress,
      authAddress: await auth.listen(bindAddress),
      adminEmails: ["boss@example.com"],
    });
    client = createServiceClient(AccountsService, service.address);
    await client.syncUser({ userId: "u-alice", email: "alice@example.com", firstName: "Alice", lastName: "Saud" });
    await client.syncUser({ userId: "u-bob", email: "bob@example.com", firstName: "Bob", lastName: "Harbi" });
  });
  afterEach(async () => {
    client.close();
    await service.stop(100);
    await auth.stop();
    await bus.close();
  });

  it("deletes the auth user, then the profile, and publishes DELETED through the outbox", async () => {
    await client.deleteAccount({ userId: "u-alice" });
    expect(auth.deleteRequests).toEqual(["u-alice"]);
    expect(auth.users.has("u-alice")).toBe(false);
    await expect(client.getProfile({ userId: "u-alice" })).rejects.toMatchObject({ code: "not_found" });
    expect((await client.getProfile({ userId: "u-bob" })).profile?.email).toBe("bob@example.com");
    await eventually(() => published.some((event) => event.kind === UserChangeKind.DELETED));
    expect(published.filter((event) => event.kind === UserChangeKind.DELETED)).toMatchObject([{ userId: "u-alice", email: "alice@example.com" }]);
  });

  it("accepts deleting an account twice", async () => {
    await client.deleteAccount({ userId: "u-alice" });
    await expect(client.deleteAccount({ userId: "u-alice" })).resolves.toBeDefined();
    expect(auth.deleteRequests).toEqual(["u-alice", "u-alice"]);
  });

  it("keeps the profile and publishes nothing when auth cannot delete the user", async () => {
    auth.failing = true;
    const error = (await client.deleteAccount({ userId: "u-alice" }).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe("unavailable");
    expect(error.messageFor("en")).toBe("Failed to delete account. Please try again.");
    expect(error.messageFor("ar")).toBe("تعذّر حذف الحساب. يرجى المحاولة مرة أخرى.");
    expect((await client.getProfile({ userId: "u-alice" })).profile?.firstName).toBe("Alice");
    await sleep(50);
    expect(published.map((event) => event.kind)).not.toContain(UserChangeKind.DELETED);
  });

  it("carries profile validation messages in both languages across the call", async () => {
    const error = (await client.updateProfile({ userId: "u-alice", firstName: " ", lastName: "Saud" }).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe("invalid_argument");
    expect(error.userMessage).toEqual({ en: "Please fill in all fields", ar: "يرجى تعبئة جميع الحقول" });
  });

  it("carries the sign-in's provider and the admin making a change into accounts.user.v1", async () => {
    await client.syncUser({ userId: "u-carol", email: "carol@example.com", firstName: "Carol", lastName: "Otaibi", provider: "google" });
    await client.setAdmin({ userId: "u-carol", isAdmin: true, actorUserId: "u-alice" });
    await eventually(() => published.some((event) => event.kind === UserChangeKind.ADMIN_GRANTED));
    expect(published.filter((event) => event.userId === "u-carol")).toMatchObject([
      { kind: UserChangeKind.CREATED, provider: "google", firstName: "Carol", isAdmin: false, actorUserId: "" },
      { kind: UserChangeKind.ADMIN_GRANTED, provider: "google", isAdmin: true, actorUserId: "u-alice" },
    ]);
  });

  it("answers theme, admin and activity calls", async () => {
    expect(await client.setTheme({ userId: "u-bob", themePreference: "purple" })).toMatchObject({ themePreference: "purple" });
    expect(await client.getTheme({ userId: "u-bob" })).toMatchObject({ themePreference: "purple" });
    await expect(client.setTheme({ userId: "u-bob", themePreference: "pink" })).rejects.toMatchObject({ code: "invalid_argument" });
    expect(await client.checkAdmin({ userId: "u-bob", email: "bob@example.com" })).toMatchObject({ isAdmin: false });
    expect(await client.checkAdmin({ userId: "u-new", email: "Boss@Example.com", emailVerified: true })).toMatchObject({ isAdmin: true });
    // An address nobody proved by mail (an autoconfirmed sign-up) is not trusted.
    expect(await client.checkAdmin({ userId: "u-new", email: "Boss@Example.com" })).toMatchObject({ isAdmin: false });
    expect(await client.setAdmin({ userId: "u-bob", isAdmin: true })).toMatchObject({ isAdmin: true });
    expect((await client.getProfile({ userId: "u-bob" })).profile?.isAdmin).toBe(true);
    await expect(client.touchActivity({ userId: "u-bob" })).resolves.toBeDefined();
  });
});
