import { fromJson, toJson, type JsonObject } from "@bufbuild/protobuf";
import { CitationSchema, type Citation } from "@qai/contracts";

export function citationsToJson(citations: readonly Citation[]): JsonObject[] {
  return citations.map((citation) => toJson(CitationSchema, citation) as JsonObject);
}

export function citationsFromJson(json: readonly JsonObject[]): Citation[] {
  return json.map((value) => fromJson(CitationSchema, value));
}
