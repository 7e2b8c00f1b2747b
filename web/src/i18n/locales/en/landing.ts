/** Landing page (/ and /home), English. `ar/landing.ts` has the same keys. */
const landing = {
  nav: {
    label: "Main",
    skip: "Skip to content",
    home: "QAI home",
    signIn: "Sign In",
    getStarted: "Get Started",
    goToApp: "Go to App",
  },
  hero: {
    eyebrow: "Legal AI built for Saudi regulations",
    title: "Saudi law, answered with confidence",
    subtitle:
      "QAI is a legal assistant powered by a model trained on Saudi regulations and Arabic legal texts. Ask in Arabic or English and get an instant, structured answer that cites the official articles.",
    start: "Start now",
    viewPricing: "View pricing",
    trust: {
      model: "Model QAI-1.0",
      citations: "Answers cite official articles",
      languages: "Arabic and English",
    },
    preview: {
      label: "Example of an answer",
      question: "What is the notice period for ending an open-ended employment contract?",
      answer:
        "Either party may end an open-ended contract for a legitimate reason by written notice: at least 60 days before termination if the worker is paid monthly, and at least 30 days for other workers.",
      citation: "Labor Law — Article 75",
    },
  },
  features: {
    title: "Why legal professionals choose QAI",
    subtitle: "Precision, context and confidentiality — the essentials of legal work, in one assistant.",
    items: {
      specialized: {
        title: "Specialized legal AI",
        body: "A legal model trained on Saudi regulations and Arabic law, not a general chatbot with a legal prompt.",
      },
      expertise: {
        title: "Deep Saudi legal expertise",
        body: "Labor, commercial, civil, criminal and administrative law, grounded in the texts of the laws in force.",
      },
      security: {
        title: "Legal data security",
        body: "Your questions and conversations are protected and never sold or shared with third parties.",
      },
      instant: {
        title: "Instant legal consultation",
        body: "Clear answers within seconds, day and night, with the official articles cited so you can verify them.",
      },
    },
  },
  pricing: {
    title: "Simple, transparent plans",
    subtitle: "Start free today. Professional features are on the way.",
    popular: "Most popular",
    selected: "Selected plan",
    perMonth: "per month",
    includes: "Includes",
    limitations: "Limitations",
    free: {
      name: "Free",
      price: "0",
      currency: "SAR",
      description: "For individuals exploring their legal questions.",
      features: {
        questions: "20 questions per day",
        basic: "Basic answers",
        arabic: "Arabic support",
        common: "Common legal questions",
      },
      limitations: {
        citations: "No legal citations",
        history: "No conversation history",
      },
      cta: "Start free",
    },
    professional: {
      name: "Professional",
      price: "Coming Soon",
      description: "For lawyers, consultants and businesses who rely on legal answers every day.",
      features: {
        unlimited: "Unlimited questions",
        citations: "Citations and sources",
        documents: "Legal document analysis",
        history: "Conversation history",
        priority: "Priority responses",
        support: "Advanced technical support",
      },
      cta: "Coming Soon",
    },
  },
  testimonials: {
    title: "Trusted by legal practitioners",
    items: {
      lawyer: {
        quote:
          "I use QAI to check the relevant article before client meetings. The answers point straight to the text of the law, which saves me a great deal of research time.",
        role: "Lawyer, commercial and labor disputes",
        place: "Riyadh",
      },
      consultant: {
        quote:
          "For day-to-day compliance questions it gives my clients a clear first answer in Arabic, and I can verify it against the cited source in seconds.",
        role: "Legal consultant, corporate compliance",
        place: "Jeddah",
      },
    },
  },
  cta: {
    title: "Get your first legal answer in minutes",
    subtitle: "No card needed. Start free, or continue as a guest with 5 questions.",
    start: "Start free",
    plans: "View plans",
  },
  footer: {
    tagline: "AI legal assistant for Saudi law.",
    contact: "Contact us",
    support: "Technical support",
    general: "General inquiries",
    legal: "Privacy & terms",
    disclaimer:
      "QAI provides legal information for general guidance only. It is not legal advice and does not replace consulting a licensed lawyer or the official sources.",
    rights: "© {{year}} QAI. All rights reserved.",
  },
};

export default landing;
