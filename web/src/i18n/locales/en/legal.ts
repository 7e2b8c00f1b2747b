/** /legal: privacy policy and terms of use ({{email}} is the support address). */
export default {
  pageTitle: "Legal information",
  back: "Back",
  tabsLabel: "Legal documents",
  lastUpdated: "Last updated: {{date}}",
  date: "August 6, 2025",
  privacy: {
    tab: "Privacy Policy",
    title: "Privacy Policy",
    intro:
      "This policy explains what information QAI, the AI legal assistant for Saudi law, collects, how we use it and the choices you have.",
    sections: {
      collected: {
        title: "1. Information we collect",
        items: [
          "Account information: your email address or phone number, and your first and last name when you register.",
          "Usage data: the pages and features you use, the device and browser type, and the time of your visits.",
          "Chat interaction data: the questions you ask, the answers you receive, your reactions to answers and the items you save as favorites.",
        ],
      },
      use: {
        title: "2. How we use your information",
        items: [
          "To personalise your experience, such as your language and theme.",
          "To store your past conversations so you can return to them.",
          "To contact you about support requests you send us.",
          "To improve the accuracy of our AI answers and the quality of the service.",
        ],
      },
      sharing: {
        title: "3. Sharing",
        body: "We do not sell your personal information or share it with third parties, except with service providers who help us run QAI (such as hosting) and who are bound by confidentiality obligations.",
      },
      security: {
        title: "4. Security",
        body: "We protect your information with technical and organisational measures, including encrypted connections and restricted access. No online service can be completely secure, but we work to keep your data safe.",
      },
      rights: {
        title: "5. Your rights",
        items: [
          "You can ask us to delete your account and your data at any time, or delete your account yourself from the app.",
          "You can view and edit your personal information in the app's profile settings.",
        ],
      },
      updates: {
        title: "6. Updates to this policy",
        body: "We may update this policy from time to time. We will show the date of the latest update at the top of this page, and significant changes will be announced in the app.",
      },
      contact: {
        title: "7. Contact us",
        body: "For any question about this policy or your data, write to us at {{email}}.",
      },
    },
  },
  terms: {
    tab: "Terms of Use",
    title: "Terms of Use",
    intro: "By using QAI you agree to these terms. Please read them carefully.",
    sections: {
      lawful: {
        title: "1. Lawful use",
        body: "You may use QAI for lawful purposes only, in line with the laws and regulations of the Kingdom of Saudi Arabia.",
      },
      misuse: {
        title: "2. No misuse",
        body: "You must not misuse the service: no attempts at unauthorized access to accounts, systems or data, no interference with the service's operation, and no automated collection of its content.",
      },
      privacy: {
        title: "3. Respect for others",
        body: "Respect the privacy of others. Do not submit other people's personal information without a lawful basis.",
      },
      notAdvice: {
        title: "4. Information, not legal advice",
        body: "The information QAI provides is for education and general guidance. It is not a substitute for advice from a licensed lawyer about your specific situation; always check the official sources.",
      },
      liability: {
        title: "5. Limitation of liability",
        body: "QAI is provided as is. To the extent permitted by law, we are not liable for decisions made or actions taken on the basis of its answers, or for any loss arising from the use of the service.",
      },
      changes: {
        title: "6. Changes to the service",
        body: "We may modify, suspend or discontinue the service, or change these terms, at any time. Continuing to use QAI after a change means you accept the updated terms.",
      },
    },
  },
};
