/** Chat screen strings. */
export default {
  newChat: "New chat",
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
};
