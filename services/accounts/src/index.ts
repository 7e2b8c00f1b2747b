import { AccountsService, AuthAdminService } from "@qai/contracts";
import { Outbox, OutboxRelay, type EventBus } from "@qai/event-bus";
import { GrpcServer, createServiceClient, serveGrpc, type Logger, type RunningService } from "@qai/platform";
import type { RecordStore } from "@qai/record-store";
import { grpcAuthUsers } from "./adapters/auth-users";
import { AccountDeletion } from "./app/account-deletion";
import { Accounts } from "./app/accounts";
import { Admins } from "./app/admins";
import { AdminEmails } from "./domain/admin-emails";
import { accountsHandlers } from "./grpc/handlers";

export { ACCOUNTS_DB_FILE } from "./app/collections";
export { accountsEnvSchema } from "./config";
export { parseAdminEmails } from "./domain/admin-emails";
export { THEME_IDS, type ThemeId } from "./domain/themes";

export interface AccountsServiceOptions {
  store: RecordStore;
  bus: EventBus;
  logger: Logger;
  /** Where to listen, e.g. "127.0.0.1:0". */
  bindAddress: string;
  /** The auth server's AuthAdminService (account deletion). */
  authAddress: string;
  /** ADMIN_EMAILS: admins by configuration (any case). */
  adminEmails: string[];
}

/** Profiles, the admin flag, theme preference and activity; publishes accounts.user.v1 through its outbox. */
export async function startAccountsService({ store, bus, logger, bindAddress, authAddress, adminEmails }: AccountsServiceOptions): Promise<RunningService> {
  const relay = new OutboxRelay(store, bus, { logger });
  const options = { adminEmails: new AdminEmails(adminEmails), onCommit: () => relay.notify() };
  const accounts = new Accounts(store, new Outbox(), options);
  const authClient = createServiceClient(AuthAdminService, authAddress);
  const deletion = new AccountDeletion(grpcAuthUsers(authClient), accounts);
  const server = new GrpcServer(logger).add(AccountsService, accountsHandlers(accounts, new Admins(store, new Outbox(), options), deletion));
  relay.start();
  return serveGrpc("accounts", server, bindAddress, async () => {
    await relay.stop();
    authClient.close();
    await store.close();
  });
}
