import type { List, Nodes, PhrasingContent, RootContent, Table } from "mdast";
import { toString } from "mdast-util-to-string";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import type { Citation } from "../../../api/citations";
import { splitFollowUps } from "./follow-ups";

/** The same Markdown dialect the answers are rendered with (react-markdown + remark-gfm). */
const parser = unified().use(remarkParse).use(remarkGfm);

/** A bold-only line or a heading saying "Sources" (older answers listed their sources in the text). */
const SOURCES_HEADING = /^\s*(?:sources|المصادر)\s*[:：]?\s*$/i;

export interface PlainTextOptions {
  /** Leave out a "Sources" heading and the list under it (the sources are appended separately). */
  dropSourcesSection?: boolean;
}

/**
 * Markdown → readable plain text, from the parsed tree (no Markdown marks survive): paragraphs and
 * headings become lines separated by a blank line, block quotes lose their `>`, list items become
 * "• item" (or "1. item"), table cells are separated by tabs, raw HTML and images are left out.
 */
export function markdownToPlainText(markdown: string, options: PlainTextOptions = {}): string {
  const tree = parser.parse(markdown);
  let children = tree.children;
  if (options.dropSourcesSection) children = withoutSourcesSection(children);
  return tidy(blocks(children));
}

/** What the copy action puts on the clipboard for one answer. */
export interface CopyLabels {
  /** The heading above the sources ("المصادر" / "Sources"). */
  sourcesTitle: string;
  /** One citation in words: law name, article number and, if repealed, the status. */
  describe(citation: Citation): string;
}

/**
 * The answer as clean text: without Markdown marks and without the suggested follow-up questions
 * (they are UI, not answer), then the sources — a heading and one line per citation with its
 * official page.
 */
export function answerCopyText(content: string, citations: readonly Citation[], labels: CopyLabels): string {
  const { body } = splitFollowUps(content);
  const unique = citations.filter((citation, index) => citations.findIndex((other) => other.articleId === citation.articleId) === index);
  const text = markdownToPlainText(body, { dropSourcesSection: unique.length > 0 });
  if (unique.length === 0) return text;
  const lines = unique.map((citation) => {
    const url = httpUrl(citation.sourceUrl);
    return `• ${labels.describe(citation)}${url ? `: ${url}` : ""}`;
  });
  return [text, `${labels.sourcesTitle}\n${lines.join("\n")}`].filter(Boolean).join("\n\n");
}

function httpUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

function blocks(nodes: readonly Nodes[], separator = "\n\n"): string {
  return nodes
    .map(block)
    .filter((text) => text.trim() !== "")
    .join(separator);
}

function block(node: Nodes): string {
  switch (node.type) {
    case "paragraph":
    case "heading":
    case "tableCell":
      return inline(node.children);
    case "blockquote":
    case "listItem":
    case "footnoteDefinition":
      return blocks(node.children);
    case "list":
      return list(node);
    case "table":
      return table(node);
    case "code":
      return node.value;
    case "html":
    case "image":
    case "imageReference":
    case "definition":
    case "thematicBreak":
    case "yaml":
      return "";
    default:
      return "children" in node ? inline(node.children as PhrasingContent[]) : toString(node, { includeHtml: false });
  }
}

/** Inline content as its text; a hard line break stays a line break. */
function inline(nodes: readonly PhrasingContent[]): string {
  return nodes
    .map((node) => {
      if (node.type === "break") return "\n";
      if (node.type === "html" || node.type === "image" || node.type === "imageReference") return "";
      if ("children" in node) return inline(node.children as PhrasingContent[]);
      return toString(node, { includeHtml: false, includeImageAlt: false });
    })
    .join("");
}

function list(node: List): string {
  const start = node.start ?? 1;
  const items = node.children.map((item, index) => {
    const marker = node.ordered ? `${start + index}. ` : "• ";
    const check = item.checked === true ? "☑ " : item.checked === false ? "☐ " : "";
    // A tight item's paragraph and nested list stay on consecutive lines.
    const [first = "", ...rest] = blocks(item.children, item.spread ? "\n\n" : "\n").split("\n");
    return [marker + check + first, ...rest.map((line) => (line ? `   ${line}` : line))].join("\n");
  });
  return items.join(node.spread ? "\n\n" : "\n");
}

function table(node: Table): string {
  return node.children.map((row) => row.children.map((cell) => inline(cell.children).replace(/\s*\n\s*/g, " ")).join("\t")).join("\n");
}

function isSourcesHeading(node: RootContent): boolean {
  if (node.type === "heading") return SOURCES_HEADING.test(toString(node));
  if (node.type !== "paragraph") return false;
  const [only, ...others] = node.children.filter((child) => !(child.type === "text" && child.value.trim() === ""));
  return others.length === 0 && (only?.type === "strong" || only?.type === "emphasis") && SOURCES_HEADING.test(toString(only));
}

function withoutSourcesSection(nodes: RootContent[]): RootContent[] {
  const index = nodes.findIndex((node, i) => isSourcesHeading(node) && nodes[i + 1]?.type === "list");
  return index === -1 ? nodes : [...nodes.slice(0, index), ...nodes.slice(index + 2)];
}

/** No trailing spaces, at most one blank line in a row. */
function tidy(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
