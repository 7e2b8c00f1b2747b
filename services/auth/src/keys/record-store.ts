import type { JsonWebKey } from "node:crypto";
import { DuplicateRecordError, type Collection, type Collections } from "@qai/record-store";
import type { KeySet, SigningKey } from "../domain/key-set";
import type { SigningKeyStore } from "./port";
import type { KeySealer } from "./sealing";

/** One generation of the key set; never changed once written. */
interface KeySetRecord {
  /** The generation, zero-padded. */
  id: string;
  generation: number;
  /** Sealed under the context "token-secret". */
  sealedTokenSecret: string;
  keys: StoredKey[];
  writtenAt: string;
}

interface StoredKey {
  kid: string;
  /** The private JWK as JSON, sealed under the context "key:<kid>". */
  sealedPrivateJwk: string;
  createdAt: number;
  retiredAt?: number;
}

const keySets = (c: Collections): Collection<KeySetRecord> => c.collection<KeySetRecord>("signing_key_sets", { indexes: ["generation"] });

/** Older generations kept besides the newest (a reader may have just listed it). */
const KEPT_GENERATIONS = 2;

/** Concurrent rotations each retry on top of the others'; this bounds the retries. */
const MAX_ROTATION_ATTEMPTS = 10;

/**
 * The key set in the service's record store (SQLite or MongoDB). Each rotation inserts the next
 * generation under a unique id, so `DuplicateRecordError` tells the loser of a race without a
 * transaction (FerretDB has none); private parts are sealed with `sealer`.
 */
export function recordSigningKeyStore(store: Collections, sealer: KeySealer): SigningKeyStore {
  const collection = keySets(store);

  async function load(): Promise<KeySet | undefined> {
    const newest = (await collection.find({ orderBy: { field: "generation", direction: "desc" }, limit: 1 })).items[0];
    return newest && unsealed(newest, sealer);
  }

  /** Inserts `set`; false when its generation was written first by someone else. */
  async function insert(set: KeySet): Promise<boolean> {
    try {
      await collection.insert(sealed(set, sealer, new Date()));
      return true;
    } catch (error) {
      if (error instanceof DuplicateRecordError) return false;
      throw error;
    }
  }

  return {
    load,
    async createFirst(first) {
      if (first.generation !== 1) throw new Error("the first key set is generation 1");
      if (await insert(first)) return first;
      return (await load())!;
    },
    async rotate(rotate) {
      for (let attempt = 0; attempt < MAX_ROTATION_ATTEMPTS; attempt++) {
        const newest = await load();
        if (!newest) throw new Error("no key set to rotate yet: start the auth service once first");
        const next = rotate(newest);
        if (next.generation !== newest.generation + 1) throw new Error("a rotation makes the next generation");
        if (await insert(next)) {
          await collection.deleteMany({ generation: { lte: next.generation - KEPT_GENERATIONS } });
          return next;
        }
      }
      throw new Error(`the key set kept changing: no rotation after ${MAX_ROTATION_ATTEMPTS} attempts`);
    },
  };
}

function sealed(set: KeySet, sealer: KeySealer, now: Date): KeySetRecord {
  return {
    id: String(set.generation).padStart(12, "0"),
    generation: set.generation,
    sealedTokenSecret: sealer.seal(set.tokenSecret.toString("base64"), "token-secret"),
    keys: set.keys.map((key): StoredKey => ({
      kid: key.kid,
      sealedPrivateJwk: sealer.seal(JSON.stringify(key.privateJwk), `key:${key.kid}`),
      createdAt: key.createdAt,
      ...(key.retiredAt !== undefined && { retiredAt: key.retiredAt }),
    })),
    writtenAt: now.toISOString(),
  };
}

function unsealed(record: KeySetRecord, sealer: KeySealer): KeySet {
  return {
    generation: record.generation,
    tokenSecret: Buffer.from(sealer.unseal(record.sealedTokenSecret, "token-secret"), "base64"),
    keys: record.keys.map((key): SigningKey => ({
      kid: key.kid,
      privateJwk: JSON.parse(sealer.unseal(key.sealedPrivateJwk, `key:${key.kid}`)) as JsonWebKey,
      createdAt: key.createdAt,
      ...(key.retiredAt !== undefined && { retiredAt: key.retiredAt }),
    })),
  };
}
