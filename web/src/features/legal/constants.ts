/** The support address named in the privacy policy (same as the landing footer's support contact). */
export const SUPPORT_EMAIL = "support@qai.sa";
