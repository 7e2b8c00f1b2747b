import { MongoBulkWriteError, MongoServerError, type ClientSession, type Collection as DriverCollection } from "mongodb";
import { DuplicateRecordError, type Collection, type Page, type Query, type StoredRecord, type Where } from "../port";
import { planFind, whereFilter, type StoredDocument } from "./filter";

/** The session of the transaction an operation belongs to, or none outside a transaction. */
export type Session = ClientSession | undefined;

/**
 * Runs one operation at the right moment and place: checks the store is open (and, outside a
 * transaction, not called from inside its own), creates the collection's declared indexes, and
 * passes the transaction's session.
 */
export type Gate = <R>(work: (session: Session) => Promise<R>) => Promise<R>;

/** Runs `work` atomically in a session transaction, or returns undefined when the server has none. */
export type Atomic = <R>(session: Session, work: (session: ClientSession) => Promise<R>) => Promise<R> | undefined;

const DUPLICATE_KEY = 11000;

/** A collection as a MongoDB collection: the record's `id` is `_id`, its other fields the document's. */
export class MongoCollection<T extends StoredRecord> implements Collection<T> {
  constructor(
    private readonly name: string,
    private readonly documents: DriverCollection<StoredDocument>,
    private readonly gate: Gate,
    private readonly atomic: Atomic,
  ) {}

  get(id: string): Promise<T | undefined> {
    return this.gate(async (session) => {
      const found = await this.documents.findOne({ _id: id }, { session });
      return found ? toRecord<T>(found) : undefined;
    });
  }

  getMany(ids: readonly string[]): Promise<T[]> {
    return this.gate(async (session) => {
      if (ids.length === 0) return [];
      const found = await this.documents.find({ _id: { $in: [...ids] } }, { session }).toArray();
      const byId = new Map(found.map((document) => [document._id, toRecord<T>(document)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    });
  }

  insert(record: T): Promise<void> {
    return this.gate(async (session) => {
      await this.documents.insertOne(toDocument(record), { session }).catch((error: unknown) => {
        throw isDuplicateKey(error) ? new DuplicateRecordError(this.name, record.id) : error;
      });
    });
  }

  /**
   * All or none: inside a transaction, or in one of its own when the server has transactions.
   * Otherwise (FerretDB, a standalone mongod) it checks the ids first, inserts in order, and deletes
   * what it inserted if a concurrent writer took an id in between.
   */
  insertMany(records: readonly T[]): Promise<void> {
    return this.gate(async (session) => {
      const documents = records.map(toDocument);
      const seen = new Set<string>();
      for (const { _id } of documents) {
        if (seen.has(_id)) throw new DuplicateRecordError(this.name, _id);
        seen.add(_id);
      }
      if (documents.length === 0) return;
      const insertAll = async (inside?: ClientSession) => {
        await this.documents.insertMany(documents, { session: inside, ordered: true });
      };
      try {
        const atomically = this.atomic(session, insertAll);
        if (atomically) return await atomically;
        const taken = await this.documents.findOne({ _id: { $in: [...seen] } }, { projection: { _id: 1 } });
        if (taken) throw new DuplicateRecordError(this.name, taken._id);
        await insertAll().catch(async (error: unknown) => {
          const inserted = error instanceof MongoBulkWriteError ? documents.slice(0, failedIndex(error)) : [];
          if (inserted.length > 0) await this.documents.deleteMany({ _id: { $in: inserted.map((document) => document._id) } });
          throw error;
        });
      } catch (error) {
        throw isDuplicateKey(error) ? new DuplicateRecordError(this.name, records[failedIndex(error)]?.id ?? "") : error;
      }
    });
  }

  put(record: T): Promise<void> {
    return this.gate(async (session) => {
      const document = toDocument(record);
      await this.documents.replaceOne({ _id: document._id }, document, { session, upsert: true });
    });
  }

  replace(record: T): Promise<boolean> {
    return this.gate(async (session) => {
      const document = toDocument(record);
      return (await this.documents.replaceOne({ _id: document._id }, document, { session })).matchedCount > 0;
    });
  }

  delete(id: string): Promise<boolean> {
    return this.gate(async (session) => (await this.documents.deleteOne({ _id: id }, { session })).deletedCount > 0);
  }

  deleteMany(where: Where<T>): Promise<number> {
    return this.gate(async (session) => (await this.documents.deleteMany(whereFilter(where), { session })).deletedCount);
  }

  find(query: Query<T> = {}): Promise<Page<T>> {
    return this.gate(async (session) => {
      const plan = planFind(query);
      const found = await this.documents.find(plan.filter, { session, sort: plan.sort, limit: plan.limit + 1 }).toArray();
      const items = found.slice(0, plan.limit);
      const last = items.at(-1);
      const page: Page<T> = { items: items.map((document) => toRecord<T>(document)) };
      if (found.length > plan.limit && last) page.nextCursor = plan.cursorAfter(last);
      return page;
    });
  }

  count(where?: Where<T>): Promise<number> {
    return this.gate((session) => this.documents.countDocuments(whereFilter(where), { session }));
  }
}

/** A record as a document: through JSON first, so it is stored exactly as the port promises (a Date as a string, undefined fields dropped). */
function toDocument(record: StoredRecord): StoredDocument {
  if (typeof record.id !== "string") throw new TypeError("a record's id must be a string");
  const { id, ...fields } = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
  if (Object.hasOwn(fields, "_id")) throw new TypeError("a record cannot have an _id field: the record's id is stored as _id");
  return { _id: id as string, ...fields };
}

function toRecord<T>({ _id, ...fields }: StoredDocument): T {
  return { id: _id, ...fields } as T;
}

function isDuplicateKey(error: unknown): error is MongoServerError | MongoBulkWriteError {
  return (error instanceof MongoServerError || error instanceof MongoBulkWriteError) && error.code === DUPLICATE_KEY;
}

/** The index, in an ordered batch, of the document that failed (those before it were inserted). */
function failedIndex(error: unknown): number {
  const writeErrors = error instanceof MongoBulkWriteError ? error.writeErrors : [];
  return (Array.isArray(writeErrors) ? writeErrors[0] : writeErrors)?.index ?? 0;
}
