import { Router } from "express";
import { validationFailed } from "../../domain/errors";
import { clientOf } from "../client";
import { limitByIp } from "../guards";
import type { AuthUseCases } from "../use-cases";
import { parseBody, queryParam, resendBody, signUpBody, verifyBody } from "../validation";

/** POST /signup, GET and POST /verify, POST /resend. */
export function signUpRoutes({ signUp, verification, limits }: AuthUseCases): Router {
  const router = Router();
  router.post("/signup", limitByIp(limits, "otp"), async (request, response) => {
    const body = parseBody(signUpBody, request.body);
    const result = await signUp.signUp(
      { email: body.email, phone: body.phone, password: body.password, data: body.data, codeChallenge: body.code_challenge, codeChallengeMethod: body.code_challenge_method, redirectTo: queryParam(request.query, "redirect_to") },
      clientOf(request),
    );
    response.json(result);
  });

  router.get("/verify", limitByIp(limits, "verify"), async (request, response) => {
    const type = queryParam(request.query, "type");
    const token = queryParam(request.query, "token");
    if (!type) throw validationFailed("Verify requires a verification type");
    if (!token) throw validationFailed("Verify requires a token or a token hash");
    const location = await verification.followLink(token, type, queryParam(request.query, "redirect_to"), clientOf(request));
    response.setHeader("Cache-Control", "no-store");
    response.redirect(303, location);
  });

  router.post("/verify", limitByIp(limits, "verify"), async (request, response) => {
    const body = parseBody(verifyBody, request.body);
    response.json(await verification.verify({ type: body.type, tokenHash: body.token_hash, email: body.email, token: body.token }, clientOf(request)));
  });

  router.post("/resend", limitByIp(limits, "otp"), async (request, response) => {
    const body = parseBody(resendBody, request.body);
    await signUp.resend({ type: body.type, email: body.email, codeChallenge: body.code_challenge, codeChallengeMethod: body.code_challenge_method, redirectTo: queryParam(request.query, "redirect_to") });
    response.json({});
  });
  return router;
}
