import { Router } from "express";
import type { LogoutScope } from "../../app/users";
import { validationFailed } from "../../domain/errors";
import { callerOf, limitByIp, requireCaller } from "../guards";
import type { AuthUseCases } from "../use-cases";
import { parseBody, queryParam, userUpdateBody } from "../validation";

/** GET and PUT /user, POST /logout: they need a valid access token whose session still exists. */
export function userRoutes({ users, limits }: AuthUseCases): Router {
  const router = Router();
  const authenticated = requireCaller(users);

  router.get("/user", authenticated, async (_request, response) => {
    response.json(await users.view(callerOf(response)));
  });

  router.put("/user", limitByIp(limits, "otp"), authenticated, async (request, response) => {
    const body = parseBody(userUpdateBody, request.body);
    const update = { password: body.password, email: body.email, phone: body.phone, data: body.data, appMetadata: body.app_metadata ?? undefined };
    response.json(await users.update(callerOf(response), update));
  });

  router.post("/logout", authenticated, async (request, response) => {
    await users.logout(callerOf(response), logoutScope(queryParam(request.query, "scope")));
    response.status(204).end();
  });
  return router;
}

function logoutScope(scope: string | undefined): LogoutScope {
  if (scope === undefined || scope === "" || scope === "global") return "global";
  if (scope === "local" || scope === "others") return scope;
  throw validationFailed(`Unsupported logout scope ${JSON.stringify(scope)}`);
}
