import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { parseLawFile, type LawFile } from "../domain/law-file";

/** Reads and validates every law file (*.json) in `dir`; a bad file stops with its name and problem. */
export async function readLawFiles(dir: string): Promise<LawFile[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(".json")).sort();
  return Promise.all(names.map(async (name, index) => parseLawFile(await readFile(join(dir, name), "utf8"), name, index)));
}
