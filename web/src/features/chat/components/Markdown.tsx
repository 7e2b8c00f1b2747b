import { memo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

/** Only http(s) and mailto links survive; anything else (javascript:, data:) renders as text. */
export function safeHttpUrl(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === "https:" || parsed.protocol === "http:" || parsed.protocol === "mailto:" ? parsed.href : null;
  } catch {
    return null;
  }
}

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
      <table>{children}</table>
    </div>
  ),
  img: () => null, // answers never need remote images; none are loaded
};

/**
 * An answer as safe Markdown: GitHub-flavoured (tables, lists), raw HTML skipped, links limited to
 * http(s)/mailto and opened in a new tab. Each block picks its own direction (`dir="auto"` on the
 * container; paragraphs and list items use `unicode-bidi: plaintext` in CSS).
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown" dir="auto">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
