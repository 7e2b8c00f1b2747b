import { KeySealer, KeysSecretMismatchError, recordSigningKeyStore, type KeySet, type SigningKeyStore } from "@qai/auth";
import type { RecordStore } from "@qai/record-store";
import { newKeySet, newSigningKey, rotatedKeySet } from "../src/domain/key-set";

/** Two connections to one empty backing store, as two replicas would hold. */
export interface SharedStore {
  replicas: [RecordStore, RecordStore];
  /** Closes both connections and removes what the test made. */
  close(): Promise<void>;
}

const SECRET = "a-secret-shared-by-every-replica-0123456789";
const JWT_EXP = 600;

const keyStore = (store: RecordStore, secret = SECRET): SigningKeyStore => recordSigningKeyStore(store, new KeySealer(secret));
const kids = (set: KeySet | undefined) => set?.keys.map((key) => key.kid);

async function rotation(nowMs: number): Promise<(newest: KeySet) => KeySet> {
  const key = await newSigningKey(nowMs);
  return (newest) => rotatedKeySet(newest, key, nowMs, JWT_EXP);
}

/**
 * What every SigningKeyStore adapter must do, on a store shared by replicas. `factory` gives a new,
 * empty store per test, opened twice.
 */
export function testSigningKeyStore(name: string, factory: () => Promise<SharedStore>): void {
  describe(`SigningKeyStore contract: ${name}`, () => {
    let shared: SharedStore;
    let first: SigningKeyStore;
    let second: SigningKeyStore;

    beforeEach(async () => {
      shared = await factory();
      first = keyStore(shared.replicas[0]);
      second = keyStore(shared.replicas[1]);
    });
    afterEach(() => shared.close());

    it("has no key set before the first start; the first set reaches the other replica whole", async () => {
      expect(await first.load()).toBeUndefined();
      const created = await newKeySet(1_000);
      expect(await first.createFirst(created)).toEqual(created);
      expect(await second.load()).toEqual(created);
    });

    it("creates the first key set once when two replicas start together: the loser gets the winner's", async () => {
      const [a, b] = await Promise.all([newKeySet(1_000), newKeySet(1_000)]);
      const [fromA, fromB] = await Promise.all([first.createFirst(a), second.createFirst(b)]);
      expect(fromA).toEqual(fromB);
      expect([kids(a), kids(b)]).toContainEqual(kids(fromA));
      expect((await first.load())?.tokenSecret).toEqual(fromA.tokenSecret);
      expect(await shared.replicas[0].collection("signing_key_sets").count()).toBe(1);
    });

    it("a rotation adds a new current key, keeps the previous one retired, and every replica reads it", async () => {
      const created = await first.createFirst(await newKeySet(1_000));
      const rotated = await second.rotate(await rotation(5_000));
      expect(rotated.generation).toBe(2);
      expect(rotated.tokenSecret).toEqual(created.tokenSecret);
      expect(rotated.keys[1]).toEqual({ ...created.keys[0], retiredAt: 5_000 });
      expect(rotated.keys[0]!.retiredAt).toBeUndefined();
      expect(await first.load()).toEqual(rotated);
    });

    it("concurrent rotations by two replicas are both kept", async () => {
      const created = await first.createFirst(await newKeySet(1_000));
      expect(await second.load()).toEqual(created); // both replicas warmed up (MongoDB creates indexes on first use)
      const [one, other] = await Promise.all([rotation(5_000), rotation(5_000)]);
      const [byFirst, bySecond] = await Promise.all([first.rotate(one), second.rotate(other)]);
      const newest = (await first.load())!;
      expect(newest.generation).toBe(3);
      expect(new Set(kids(newest))).toEqual(new Set([byFirst.keys[0]!.kid, bySecond.keys[0]!.kid, created.keys[0]!.kid]));
    });

    it("keeps the private keys and the token secret sealed in the store", async () => {
      const created = await first.createFirst(await newKeySet(1_000));
      const [raw] = (await shared.replicas[0].collection("signing_key_sets").find()).items;
      const text = JSON.stringify(raw);
      expect(text).toContain(created.keys[0]!.kid);
      expect(text).not.toContain(created.keys[0]!.privateJwk.d);
      expect(text).not.toContain(created.tokenSecret.toString("base64"));
      expect(text).not.toContain(created.tokenSecret.toString("base64url"));
    });

    it("a replica with another sealing secret cannot read the keys, and says why", async () => {
      await first.createFirst(await newKeySet(1_000));
      await expect(keyStore(shared.replicas[1], "another-secret-of-at-least-32-characters").load()).rejects.toThrow(KeysSecretMismatchError);
    });

    it("drops old generations once newer ones exist", async () => {
      await first.createFirst(await newKeySet(1_000));
      for (let i = 0; i < 4; i++) await first.rotate(await rotation(2_000 + i));
      expect((await second.load())?.generation).toBe(5);
      const stored = await shared.replicas[0].collection<{ id: string; generation: number }>("signing_key_sets").find();
      expect(stored.items.map((record) => record.generation).sort()).toEqual([4, 5]);
    });
  });
}
