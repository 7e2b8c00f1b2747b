import type { RecordStore } from "@qai/record-store";
import { challenges, factors, flowStates, identities, oneTimeTokens, sessions, users } from "./records";

/** Administration over gRPC (never exposed to browsers). */
export class AuthAdmin {
  constructor(private readonly store: RecordStore) {}

  /** Deletes the user with identities, sessions (and so their refresh tokens), factors, challenges and pending tokens. */
  async deleteUser(userId: string): Promise<boolean> {
    return this.store.transaction(async (tx) => {
      if (!(await users(tx).delete(userId))) return false;
      await identities(tx).deleteMany({ userId });
      await sessions(tx).deleteMany({ userId });
      await factors(tx).deleteMany({ userId });
      await challenges(tx).deleteMany({ userId });
      await oneTimeTokens(tx).deleteMany({ userId });
      await flowStates(tx).deleteMany({ userId });
      return true;
    });
  }

  countUsers(): Promise<number> {
    return users(this.store).count();
  }
}
