/** English strings. `ar.ts` must have exactly the same keys (checked by the compiler). */
export const en = {
  app: {
    name: "QAI",
    documentTitle: "QAI — Saudi Legal Assistant",
    loading: "Loading…",
    newChat: "New chat",
    home: "QAI home",
  },
  language: {
    switchTo: "العربية",
    switchLabel: "Switch to Arabic",
  },
  notFound: {
    code: "404",
    title: "Page Not Found",
    body: "The page you are looking for does not exist or has moved.",
    backHome: "Back to home",
  },
  crash: {
    title: "Something went wrong",
    body: "The page hit an unexpected error.",
    reload: "Reload",
  },
  chat: {
    welcome: {
      modelLabel: "Model",
      title: "Your assistant for Saudi law",
      subtitle:
        "Ask a legal question about Saudi laws and regulations and get an instant answer that cites the official articles.",
    },
    disclaimer:
      "This answer comes from an AI tool and is not final legal advice. Check the official sources or consult a lawyer.",
    conversation: "Conversation",
    you: "You",
    assistant: "QAI",
    typing: "QAI is writing an answer…",
    input: {
      label: "Your legal question",
      placeholder: "Type your legal question…",
      send: "Send",
      stop: "Stop",
      sessionPending: "Starting your session…",
    },
    citations: {
      title: "Sources",
      article: "Article {{number}}",
      repealed: "Repealed",
      newTab: "(opens in a new tab)",
    },
    error: {
      title: "Connection Issue",
      tryAgain: "Try Again",
      sendFailed: "Failed to send message.",
      readFailed: "Failed to read response stream.",
      interrupted: "The answer stopped before it was complete.",
      session: "Could not start a session with the server.",
    },
  },
};

export type Messages = typeof en;
