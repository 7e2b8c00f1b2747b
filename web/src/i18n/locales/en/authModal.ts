/** Sign-in / sign-up modal, English. `ar/authModal.ts` has the same keys. */
const authModal = {
  signin: {
    title: "Sign In",
    description: "Welcome back. Sign in to keep your conversations, favorites and settings.",
    submit: "Sign In",
    submitting: "Signing in…",
    noAccount: "New to QAI?",
    createAccount: "Create a new account",
  },
  signup: {
    title: "Create Account",
    description: "Create a free account: 20 questions per day and your saved history.",
    submit: "Create Account",
    submitting: "Creating account…",
    haveAccount: "Already have an account?",
    signIn: "Sign in",
  },
  fields: {
    firstName: "First name",
    lastName: "Last name",
    email: "Email",
    emailPlaceholder: "name@example.com",
    password: "Password",
    confirmPassword: "Confirm password",
  },
  guest: "Continue as guest",
  guestNote: "5 free questions per session, no registration",
  or: "or",
  validation: {
    required: "This field is required",
    email: "Please enter a valid email address",
    passwordMin: "Password must be at least 6 characters",
    passwordMismatch: "Passwords do not match",
  },
  errors: {
    signInTitle: "Sign In Error",
    signUpTitle: "Account Creation Error",
    passwordTitle: "Password Error",
    invalidCredentials: "Invalid login credentials",
    emailNotConfirmed: "Please confirm your email first",
    alreadyRegistered: "This email is already registered",
    invalidEmail: "The email is not valid, please enter a valid email and try again.",
    rateLimited: "Too many attempts. Please wait a few minutes and try again.",
    network: "Network connection issue. Please check your connection and try again.",
    unexpected: "An unexpected error occurred. Please try again",
    unavailableTitle: "Authentication service unavailable",
    unavailable: "Authentication service unavailable - Please try again later or continue as guest",
  },
  success: {
    welcomeTitle: "Welcome",
    welcome: "Successfully signed in",
    activationTitle: "Activation Link Sent",
    activation: "Please check your email to activate your account. This may take a few minutes.",
  },
};

export default authModal;
