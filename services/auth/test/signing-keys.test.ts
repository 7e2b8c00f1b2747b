import { createLogger } from "@qai/platform";
import type { KeySet, SigningKeyStore } from "@qai/auth";
import { SigningKeys } from "../src/app/signing-keys";
import { newKeySet, newSigningKey, rotatedKeySet } from "../src/domain/key-set";

/** A store in memory whose reads can be held back, counting them. */
class FakeKeyStore implements SigningKeyStore {
  loads = 0;
  newest: KeySet | undefined;
  private held: Array<() => void> = [];
  hold = false;

  async load(): Promise<KeySet | undefined> {
    this.loads++;
    const seen = this.newest;
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    return seen;
  }
  async createFirst(first: KeySet): Promise<KeySet> {
    this.newest ??= first;
    return this.newest;
  }
  async rotate(rotate: (newest: KeySet) => KeySet): Promise<KeySet> {
    this.newest = rotate(this.newest!);
    return this.newest;
  }
  release(): void {
    this.hold = false;
    for (const resolve of this.held.splice(0)) resolve();
  }
}

const options = { jwtExpSeconds: 600, clock: () => Date.now(), logger: createLogger({ level: "silent" }), refreshMs: 0 };

describe("SigningKeys (one replica's view of the key set)", () => {
  test("a token naming an unknown kid re-reads the key set, at most once a second", async () => {
    const store = new FakeKeyStore();
    const keys = await SigningKeys.open(store, options);
    const loadsAfterOpen = store.loads;
    expect(await keys.publicKey("unknown-1")).toBeUndefined();
    expect(await keys.publicKey("unknown-2")).toBeUndefined();
    expect(store.loads).toBe(loadsAfterOpen + 1);

    const key = await newSigningKey(Date.now());
    store.newest = rotatedKeySet(store.newest!, key, Date.now(), 600); // rotated by another replica
    expect(await keys.publicKey(key.kid)).toBeUndefined(); // still within the second
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect(await keys.publicKey(key.kid)).toBeDefined();
    expect(keys.signer().kid).toBe(key.kid);
    keys.close();
  });

  test("a slow re-read that started before a rotation does not undo it", async () => {
    const store = new FakeKeyStore();
    store.newest = await newKeySet(Date.now());
    const keys = await SigningKeys.open(store, options);
    store.hold = true;
    const slowRead = keys.refresh(); // sees generation 1, answers later
    store.hold = false;
    const newKid = await keys.rotate();
    store.release();
    await slowRead;
    expect(keys.signer().kid).toBe(newKid);
    keys.close();
  });
});
