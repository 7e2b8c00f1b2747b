/** Contact addresses shown in the landing footer (spec §1: support and general inquiries). */
export const SUPPORT_EMAIL = "support@qai.sa";
export const GENERAL_EMAIL = "info@qai.sa";
