import type { KeySet } from "../domain/key-set";

/**
 * Where the key set lives, shared by every auth replica. Adapters keep private keys and the token
 * secret sealed at rest and need no transactions: each generation is written once, and a unique
 * generation number decides between concurrent writers.
 */
export interface SigningKeyStore {
  /** The newest key set, or undefined before the first one exists. */
  load(): Promise<KeySet | undefined>;
  /**
   * Stores `first` (generation 1) unless a key set exists. First writer wins: a replica that loses
   * the race gets the winner's set. Returns the set now stored.
   */
  createFirst(first: KeySet): Promise<KeySet>;
  /**
   * Stores `rotate(newest)` as the next generation; when another writer got there first, applies
   * `rotate` again on top of theirs, so no rotation is lost. Returns the set now stored.
   */
  rotate(rotate: (newest: KeySet) => KeySet): Promise<KeySet>;
}
