import { z } from "zod";
import { AppError } from "@qai/platform";
import { fileLabel, invalidFile, lawFileJson, parseUploadJson, UPLOAD_LIMITS } from "../http/law-files";
import { validate } from "../http/validation";

/**
 * The bodies of the law-file routes, checked and turned into the knowledge service's input: pure
 * functions of the parsed body, run on the event loop for small bodies and in a worker thread for
 * large ones (`LawFileChecker`), so both give the same results and the same errors.
 */

/** Fields the upload form sends next to a law file's own fields (spec §7). */
export const uploadMetaSchema = z.object({
  uploadMode: z.enum(["add", "replace"]).optional().default("add"),
  isPartOfBatch: z.boolean().optional(),
  currentFileIndex: z.number().int().nonnegative().optional(),
  totalFiles: z.number().int().nonnegative().optional(),
  fileName: z.string().max(1000).optional(),
});

export const replaceSchema = z.object({
  files: z.array(z.unknown()),
  uploadMode: z.literal("replace").optional(),
});

export const updateLawSchema = z.object({
  lawNameToUpdate: z.string().trim().min(1).max(1000),
  fileData: z.unknown().optional(),
  fileName: z.string().max(1000).optional(),
});

const REPLACE_MODE_ON_UPLOAD = new AppError("invalid_argument", "uploadMode replace on /upload", {
  userMessage: {
    en: "Replace mode uploads every file at once through /api/admin/knowledge/replace (atomic); /upload only adds.",
    ar: "وضع الاستبدال يرفع جميع الملفات دفعة واحدة عبر /api/admin/knowledge/replace (عملية ذرية)؛ أما /upload فللإضافة فقط.",
  },
});

const NO_FILE_SELECTED = new AppError("invalid_argument", "no fileData", {
  userMessage: { en: "No File Selected: Please select a JSON file to update the law.", ar: "لم يتم اختيار ملف: يرجى اختيار ملف JSON لتحديث النظام." },
});

/** One checked law file: its name as uploaded and its JSON text. */
export interface CheckedFile {
  fileName: string;
  json: string;
}

/** What each law-file route hands the knowledge service. */
export interface CheckedUploads {
  upload: CheckedFile;
  replace: { files: CheckedFile[] };
  "update-law": CheckedFile & { lawNameToUpdate: string };
}

export type UploadRoute = keyof CheckedUploads;

function checkUpload(body: unknown): CheckedUploads["upload"] {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw invalidFile("the upload", { en: "a law file must be a JSON object", ar: "يجب أن يكون ملف النظام كائن JSON" });
  }
  const { uploadMode, isPartOfBatch: _batch, currentFileIndex, totalFiles: _total, fileName, ...file } = body as Record<string, unknown>;
  const meta = validate(uploadMetaSchema, { uploadMode, currentFileIndex, fileName });
  if (meta.uploadMode === "replace") throw REPLACE_MODE_ON_UPLOAD;
  const label = fileLabel(file, meta.currentFileIndex ?? 0, meta.fileName);
  return { fileName: meta.fileName ?? "", json: lawFileJson(file, label) };
}

function checkReplace(value: unknown): CheckedUploads["replace"] {
  const body = validate(replaceSchema, value);
  if (body.files.length === 0) throw invalidFile("the upload", { en: "no files were sent", ar: "لم تُرسل أي ملفات" });
  if (body.files.length > UPLOAD_LIMITS.maxFiles) {
    throw new AppError("invalid_argument", `${body.files.length} files`, {
      userMessage: {
        en: `Too many files: ${body.files.length} (at most ${UPLOAD_LIMITS.maxFiles} per upload).`,
        ar: `عدد الملفات كبير جدًا: ${body.files.length} (الحد الأقصى ${UPLOAD_LIMITS.maxFiles} في الرفع الواحد).`,
      },
    });
  }
  const files = body.files.map((file, index) => {
    const fileName = file && typeof file === "object" ? (file as { fileName?: unknown }).fileName : undefined;
    return { fileName: typeof fileName === "string" ? fileName.slice(0, 1000) : "", json: lawFileJson(file, fileLabel(file, index, fileName)) };
  });
  return { files };
}

function checkUpdateLaw(value: unknown): CheckedUploads["update-law"] {
  const body = validate(updateLawSchema, value);
  if (body.fileData === undefined || body.fileData === null || body.fileData === "") throw NO_FILE_SELECTED;
  const label = fileLabel(body.fileData, 0, body.fileName);
  let fileData = body.fileData;
  if (typeof fileData === "string") {
    try {
      fileData = JSON.parse(fileData);
    } catch (error) {
      const reason = error instanceof Error ? error.message : "";
      throw invalidFile(label, { en: `not valid JSON (${reason})`, ar: `ليس JSON صالحًا (${reason})` });
    }
  }
  return { lawNameToUpdate: body.lawNameToUpdate, fileName: body.fileName ?? "", json: lawFileJson(fileData, label) };
}

const CHECKS: { [R in UploadRoute]: (body: unknown) => CheckedUploads[R] } = {
  upload: checkUpload,
  replace: checkReplace,
  "update-law": checkUpdateLaw,
};

/** Checks a route's body, already parsed (`express.json`). */
export function checkParsedUpload<R extends UploadRoute>(route: R, body: unknown): CheckedUploads[R] {
  return CHECKS[route](body);
}

/** Decodes (UTF-8, a leading byte-order mark dropped, as body-parser does), parses and checks a route's body. */
export function checkUploadBytes<R extends UploadRoute>(route: R, bytes: Uint8Array): CheckedUploads[R] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  return CHECKS[route](parseUploadJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
}
