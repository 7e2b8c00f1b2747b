import { createContext, createElement, memo, useContext, type ComponentPropsWithoutRef } from "react";
import ReactMarkdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeHttpUrl } from "../../../lib/safe-url";

type BlockTag = "p" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "blockquote" | "ul" | "ol" | "table";

/**
 * True inside a block that already picked its direction. Blocks nested in it (a quote's paragraphs,
 * list items, table cells) carry no `dir` of their own: a descendant with `dir` is skipped when the
 * browser resolves the outer `dir="auto"`, which would then find no text and fall back to ltr. They
 * inherit the outer direction, and CSS `unicode-bidi: plaintext` lays out each of their paragraphs
 * by its own first strong letter.
 */
const DirectionPicked = createContext(false);

function directional<T extends BlockTag>(tag: T) {
  function DirectionalBlock({ node: _node, ...props }: ComponentPropsWithoutRef<T> & ExtraProps) {
    const inside = useContext(DirectionPicked);
    if (inside) return createElement(tag, props);
    return <DirectionPicked.Provider value={true}>{createElement(tag, { ...props, dir: "auto" })}</DirectionPicked.Provider>;
  }
  DirectionalBlock.displayName = `Directional(${tag})`;
  return DirectionalBlock;
}

const DirectionalTable = directional("table");

const components: Components = {
  a: ({ href, children }) => {
    const safe = safeHttpUrl(href);
    if (!safe) return <span>{children}</span>;
    return (
      <a href={safe} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  },
  // Code and numbers keep their own (left-to-right) direction inside Arabic text.
  code: ({ children, className }) => (
    <code className={className} dir="ltr">
      {children}
    </code>
  ),
  pre: ({ children }) => <pre dir="ltr">{children}</pre>,
  table: ({ children }) => (
    <div className="markdown__table">
      <DirectionalTable>{children}</DirectionalTable>
    </div>
  ),
  img: () => null, // answers never need remote images; none are loaded
  // Each outermost block takes its direction from its own first strong letter: the Arabic quotes of
  // an English answer read right-to-left while its English paragraphs stay left-to-right, and the reverse.
  p: directional("p"),
  h1: directional("h1"),
  h2: directional("h2"),
  h3: directional("h3"),
  h4: directional("h4"),
  h5: directional("h5"),
  h6: directional("h6"),
  blockquote: directional("blockquote"),
  ul: directional("ul"),
  ol: directional("ol"),
};

/**
 * An answer as safe Markdown: GitHub-flavoured (tables, lists), raw HTML skipped, links limited to
 * http(s)/mailto and opened in a new tab. Each outermost block (paragraph, heading, quote, list, table)
 * picks its own direction with `dir="auto"`, so mixed Arabic/English answers read right in both UIs.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
