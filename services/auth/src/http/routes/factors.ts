import { Router } from "express";
import { clientOf } from "../client";
import { callerOf, limitByIp, requireCaller } from "../guards";
import type { AuthUseCases } from "../use-cases";
import { enrollBody, factorVerifyBody, parseBody } from "../validation";

/** MFA: POST /factors, POST /factors/{id}/challenge, POST /factors/{id}/verify, DELETE /factors/{id}. */
export function factorRoutes({ users, mfa, limits }: AuthUseCases): Router {
  const router = Router();
  const authenticated = requireCaller(users);

  router.post("/factors", authenticated, async (request, response) => {
    const body = parseBody(enrollBody, request.body);
    response.json(await mfa.enroll(callerOf(response), { factorType: body.factor_type, friendlyName: body.friendly_name, issuer: body.issuer }));
  });

  router.post("/factors/:factorId/challenge", limitByIp(limits, "mfaChallenge"), authenticated, async (request, response) => {
    response.json(await mfa.challenge(callerOf(response), factorIdOf(request.params.factorId), clientOf(request)));
  });

  router.post("/factors/:factorId/verify", limitByIp(limits, "mfaVerify"), authenticated, async (request, response) => {
    const body = parseBody(factorVerifyBody, request.body);
    response.json(await mfa.verify(callerOf(response), factorIdOf(request.params.factorId), { challengeId: body.challenge_id, code: body.code }, clientOf(request)));
  });

  router.delete("/factors/:factorId", authenticated, async (request, response) => {
    response.json(await mfa.unenroll(callerOf(response), factorIdOf(request.params.factorId)));
  });
  return router;
}

function factorIdOf(param: string | string[] | undefined): string {
  return typeof param === "string" ? param : "";
}
