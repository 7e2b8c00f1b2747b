import { dirname, join } from "node:path";
import { Router } from "express";
import { openApiDocument } from "./document";

/** Swagger UI's files, served from the swagger-ui-dist package (nothing is fetched at run time). */
const SWAGGER_UI_DIR = dirname(require.resolve("swagger-ui-dist/package.json"));
const ASSETS = new Set(["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"]);

// No inline script: the page runs under the gateway's Content-Security-Policy (script-src 'self').
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>QAI API</title>
<link rel="icon" href="/api/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true, tryItOutEnabled: false });\n`;

/** GET /api/openapi.json (the OpenAPI 3.1 document) and GET /api/docs (Swagger UI over it). */
export function openApiRoutes(): Router {
  const router = Router();
  const document = JSON.stringify(openApiDocument());

  router.get("/api/openapi.json", (_request, response) => {
    response.type("application/json; charset=utf-8").setHeader("Cache-Control", "no-cache");
    response.send(document);
  });
  router.get("/api/docs", (_request, response) => {
    response.type("text/html; charset=utf-8").send(PAGE);
  });
  router.get("/api/docs/init.js", (_request, response) => {
    response.type("text/javascript; charset=utf-8").send(INIT);
  });
  router.get("/api/docs/assets/:file", (request, response, next) => {
    const file = request.params.file;
    if (!ASSETS.has(file)) return next();
    response.sendFile(join(SWAGGER_UI_DIR, file), { maxAge: "1d" });
  });
  return router;
}
