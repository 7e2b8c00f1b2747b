import { existsSync } from "node:fs";
import { join } from "node:path";
import express, { Router } from "express";

/** Serves the built single-page app, with index.html for every client-side route. */
export function webRoutes(webDist: string | undefined): Router {
  const router = Router();
  if (!webDist || !existsSync(join(webDist, "index.html"))) return router;
  router.use(express.static(webDist, { index: false, maxAge: "1h", immutable: false }));
  router.get(/^\/(?!api\/|auth\/).*/, (_request, response) => {
    response.sendFile(join(webDist, "index.html"));
  });
  return router;
}
