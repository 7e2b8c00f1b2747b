import { Router } from "express";
import type { AuthUseCases } from "../use-cases";

const PROVIDERS = ["anonymous_users", "apple", "azure", "bitbucket", "discord", "facebook", "snapchat", "figma", "fly", "github", "gitlab", "google", "keycloak", "kakao", "linkedin", "linkedin_oidc", "notion", "spotify", "slack", "slack_oidc", "workos", "twitch", "twitter", "phone", "zoom"];

/** /health, /settings and the JWKS: no authentication (the Authorization header is never read here). */
export function publicRoutes({ keys, settings }: AuthUseCases): Router {
  const router = Router();
  router.get("/health", (_request, response) => {
    response.json({ version: "qai-embedded", name: "GoTrue", description: "GoTrue is a user registration and authentication API" });
  });
  router.get("/settings", (_request, response) => {
    const external = Object.fromEntries([...PROVIDERS.map((name) => [name, false] as const), ["email", true] as const]);
    response.json({
      external,
      disable_signup: settings.disableSignup,
      mailer_autoconfirm: settings.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    });
  });
  router.get("/.well-known/jwks.json", (_request, response) => {
    response.setHeader("Cache-Control", "public, max-age=600");
    response.json(keys.jwks());
  });
  return router;
}
