import { Router } from "express";
import { unsupportedGrantType } from "../../domain/errors";
import { clientOf } from "../client";
import type { AuthUseCases } from "../use-cases";
import { parseBody, passwordGrantBody, pkceGrantBody, queryParam, refreshGrantBody } from "../validation";

/** POST /token?grant_type=password|refresh_token|pkce. */
export function tokenRoutes({ tokens, limits }: AuthUseCases): Router {
  const router = Router();
  router.post("/token", async (request, response) => {
    const grantType = queryParam(request.query, "grant_type");
    if (grantType !== "password" && grantType !== "refresh_token" && grantType !== "pkce") throw unsupportedGrantType();
    const client = clientOf(request);
    limits.checkIp("token", client.ip);
    if (grantType === "password") {
      const body = parseBody(passwordGrantBody, request.body);
      response.json(await tokens.password(body, client));
    } else if (grantType === "refresh_token") {
      response.json(await tokens.refresh(parseBody(refreshGrantBody, request.body).refresh_token));
    } else {
      const body = parseBody(pkceGrantBody, request.body);
      response.json(await tokens.pkce({ authCode: body.auth_code, codeVerifier: body.code_verifier }, client));
    }
  });
  return router;
}
