/** About dialog. */
export default {
  title: "About QAI",
  subtitle: "An AI legal assistant built for Saudi law",
  missionTitle: "Our mission",
  mission:
    "QAI makes Saudi law easier to reach. It answers legal questions in Arabic and English in seconds, and every answer points to the official articles it relies on, so lawyers, legal consultants, businesses and individuals can check the source for themselves.",
  stats: {
    consultations: "Consultations",
    accuracy: "Accuracy",
    availability: "Always available",
  },
  featuresTitle: "What QAI offers",
  features: {
    legalAi: { title: "Specialized legal AI", body: "A legal model trained on Saudi regulations and Arabic legal language." },
    citations: { title: "Official citations", body: "Answers cite the law and article number, with a link to the official text." },
    bilingual: { title: "Arabic and English", body: "Ask in either language; Arabic is first-class, right to left." },
    instant: { title: "Instant answers", body: "Answers stream as they are written, in seconds rather than days." },
    security: { title: "Data protection", body: "Your conversations stay private and are never sold." },
    history: { title: "History and favorites", body: "Registered users keep their conversations and save key answers." },
  },
  teamTitle: "The team",
  team:
    "QAI is built by Saudi lawyers, legal researchers and engineers who review the knowledge base and the answers against the official Saudi legal sources.",
  disclaimer: "QAI provides legal information, not legal advice. For decisions that matter, consult a licensed lawyer.",
  start: "Start a consultation",
};
