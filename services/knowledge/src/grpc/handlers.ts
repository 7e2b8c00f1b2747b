import { setImmediate as nextTurn } from "node:timers/promises";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Language, LawStatus, UploadMode, type ArticleSchema, type KnowledgeService, type LawFileUpload, type LegalDocumentSchema } from "@qai/contracts";
import { AppError, type HandlersOf } from "@qai/platform";
import type { LegalDocument, LegalDocuments } from "../app/documents";
import type { KnowledgeBase } from "../app/knowledge-base";
import { LAW_FILE_LIMITS, parseLawFile, type LawFile } from "../domain/law-file";
import type { ArticleRecord } from "../domain/records";

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

const NO_FILES = new AppError("invalid_argument", "no files", {
  userMessage: { en: "One or more files contain invalid JSON or no articles: no files were sent.", ar: "ملف واحد أو أكثر يحتوي على JSON غير صالح أو لا يحتوي على مواد: لم تُرسل أي ملفات." },
});

function tooManyFiles(count: number): AppError {
  return new AppError("invalid_argument", `${count} files, at most ${LAW_FILE_LIMITS.maxFiles}`, {
    userMessage: {
      en: `Too many files: ${count} (at most ${LAW_FILE_LIMITS.maxFiles} per upload).`,
      ar: `عدد الملفات كبير جدًا: ${count} (الحد الأقصى ${LAW_FILE_LIMITS.maxFiles} في الرفع الواحد).`,
    },
  });
}

export function knowledgeHandlers(knowledge: KnowledgeBase, documents: LegalDocuments): HandlersOf<typeof KnowledgeService> {
  return {
    async searchArticles({ query, limit, language }) {
      if (!query.trim()) throw new AppError("invalid_argument", "query is empty");
      const hits = await knowledge.search(query, {
        limit: Math.min(limit || DEFAULT_LIMIT, MAX_LIMIT),
        language: language === Language.EN ? "en" : "ar",
      });
      return { hits: hits.map((hit) => ({ article: toArticle(hit.article), score: hit.score, coverage: hit.coverage, relevant: hit.relevant })) };
    },
    async getArticles({ ids }) {
      return { articles: (await knowledge.articles(ids)).map(toArticle) };
    },
    async getStats() {
      return knowledge.stats();
    },
    async validateUpload({ uploadMode, totalNewArticles, fileCount, lawNames }) {
      return knowledge.validateUpload({
        mode: uploadMode === UploadMode.REPLACE ? "replace" : "add",
        totalNewArticles,
        fileCount,
        lawNames,
        maxFiles: LAW_FILE_LIMITS.maxFiles,
      });
    },
    async uploadLaw({ file, actorUserId }) {
      if (!file) throw NO_FILES;
      return knowledge.addLaw(parseUpload(file, 0), actorUserId);
    },
    async replaceAll({ files, actorUserId }) {
      if (files.length === 0) throw NO_FILES;
      if (files.length > LAW_FILE_LIMITS.maxFiles) throw tooManyFiles(files.length);
      const parsed = await parseUploads(files);
      const { filesProcessed, totalArticles } = await knowledge.replaceAll(
        parsed,
        files.map((file) => file.fileName),
        actorUserId,
      );
      return { filesProcessed, totalArticles };
    },
    async updateLaw({ lawNameToUpdate, file, actorUserId }) {
      if (!lawNameToUpdate.trim()) throw new AppError("invalid_argument", "lawNameToUpdate is empty", { userMessage: { en: "Choose the law to update.", ar: "اختر النظام المراد تحديثه." } });
      if (!file) {
        throw new AppError("invalid_argument", "no file", {
          userMessage: { en: "No File Selected: Please select a JSON file to update the law.", ar: "لم يتم اختيار ملف: يرجى اختيار ملف JSON لتحديث النظام." },
        });
      }
      const { lawId, lawName, newCount } = await knowledge.updateLaw(lawNameToUpdate.trim(), parseUpload(file, 0), actorUserId);
      return { lawId, lawName, articleCount: newCount };
    },
    async deleteAll({ actorUserId }) {
      const { removedLaws, removedArticles } = await knowledge.deleteAll(actorUserId);
      return { deletedLaws: removedLaws, deletedArticles: removedArticles };
    },
    async updateUrls({ actorUserId }) {
      return knowledge.updateUrls(actorUserId);
    },
    async *exportLaws() {
      for await (const law of knowledge.exportLaws()) yield { lawName: law.lawName, json: JSON.stringify(law) };
    },
    async exportLaw({ lawName }) {
      const law = await knowledge.exportLaw(lawName);
      return { lawName: law.lawName, json: JSON.stringify(law, null, 2) };
    },
    async listDocuments({ query, category }) {
      return { documents: (await documents.list(query, category)).map(toDocument) };
    },
    async addDocument({ actorUserId, ...document }) {
      return { document: toDocument(await documents.add(document, actorUserId)) };
    },
    async deleteDocument({ id, actorUserId }) {
      await documents.delete(id, actorUserId);
      return {};
    },
  };
}

function parseUpload(file: LawFileUpload, index: number): LawFile {
  return parseLawFile(file.json, file.fileName || undefined, index);
}

/** JSON parsed between two turns of the event loop (~10 ms of parsing and validation): a replace of 1,000 files never holds it for long. */
const PARSE_BATCH_CHARS = 128 * 1024;

async function parseUploads(files: readonly LawFileUpload[]): Promise<LawFile[]> {
  const parsed: LawFile[] = [];
  let sinceTurn = 0;
  for (let index = 0; index < files.length; index++) {
    if (sinceTurn >= PARSE_BATCH_CHARS) {
      await nextTurn();
      sinceTurn = 0;
    }
    const file = files[index]!;
    parsed.push(parseUpload(file, index));
    sinceTurn += file.json.length;
  }
  return parsed;
}

function toArticle(record: ArticleRecord): MessageInitShape<typeof ArticleSchema> {
  return {
    ...record,
    lawNameEn: record.lawNameEn ?? "",
    lawNumber: record.lawNumber ?? "",
    lawDate: record.lawDate ?? "",
    status: record.status === "repealed" ? LawStatus.REPEALED : LawStatus.IN_FORCE,
  };
}

function toDocument(document: LegalDocument): MessageInitShape<typeof LegalDocumentSchema> {
  return { ...document, createdAt: timestampFromDate(new Date(document.createdAt)) };
}
