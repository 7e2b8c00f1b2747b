import { AuthAdminService } from "@qai/contracts";
import { checkHealth, createServiceClient, type ClientOf } from "@qai/platform";
import { TRANSPORTS } from "../../../packages/platform/test/transports";
import { getUserWith, post, signUpConfirmed, startTestAuth, supabaseClient, uniqueEmail, type TestAuth } from "./helpers";

describe.each(TRANSPORTS)("AuthAdminService over %s", (_transport, bindAddress) => {
  let auth: TestAuth;
  let admin: ClientOf<typeof AuthAdminService>;

  beforeAll(async () => {
    auth = await startTestAuth({}, undefined, undefined, bindAddress);
    admin = createServiceClient(AuthAdminService, auth.grpcAddress);
  });
  afterAll(async () => {
    admin.close();
    await auth.stop();
  });

  test("serves grpc.health.v1", async () => {
    expect(await checkHealth(auth.grpcAddress)).toBe(true);
  });

  test("CountUsers counts stored users (never the obfuscated duplicates)", async () => {
    const before = (await admin.countUsers({})).total;
    const email = uniqueEmail("count");
    await signUpConfirmed(auth.url, email);
    await supabaseClient(auth.url).auth.signUp({ email, password: "secret-pass-1" });
    expect((await admin.countUsers({})).total).toBe(before + 1);
  });

  test("DeleteUser removes the user with identities, sessions, refresh tokens and factors", async () => {
    const email = uniqueEmail("delete");
    await signUpConfirmed(auth.url, email);
    const client = supabaseClient(auth.url);
    const { data } = await client.auth.signInWithPassword({ email, password: "secret-pass-1" });
    await client.auth.mfa.enroll({ factorType: "totp" });
    const userId = data.user!.id;

    expect(await admin.deleteUser({ userId })).toMatchObject({ deleted: true });
    expect(await admin.deleteUser({ userId })).toMatchObject({ deleted: false });

    const user = await getUserWith(auth.url, data.session!.access_token);
    expect(await user.json()).toEqual({ code: "user_not_found", message: "User from sub claim in JWT does not exist" });
    const refresh = await post(auth.url, "/token?grant_type=refresh_token", { refresh_token: data.session!.refresh_token });
    expect(((await refresh.json()) as { code: string }).code).toBe("refresh_token_not_found");
    expect((await supabaseClient(auth.url).auth.signInWithPassword({ email, password: "secret-pass-1" })).error?.code).toBe("invalid_credentials");
    // The address is free again.
    expect((await supabaseClient(auth.url).auth.signUp({ email, password: "secret-pass-1" })).data.user!.identities).toHaveLength(1);
  });
});
