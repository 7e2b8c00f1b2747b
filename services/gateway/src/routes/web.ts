import { existsSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join, sep } from "node:path";
import { Router, type NextFunction, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";

/** Hashed build output: the name changes with the content, so it never needs revalidating. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html and the other unhashed files: revalidated (ETag / Last-Modified) on every use. */
const REVALIDATE = "no-cache";

/**
 * Serves the built single-page app, with index.html for every client-side route. The build writes a
 * `.br` and a `.gz` beside each compressible file; a request gets brotli, else gzip, else the file
 * itself, as its Accept-Encoding allows (with `Vary: Accept-Encoding`).
 */
export function webRoutes(webDist: string | undefined): Router {
  const router = Router();
  if (!webDist || !existsSync(join(webDist, "index.html"))) return router;
  const assetsDir = join(webDist, "assets") + sep;
  const serve = expressStaticGzip(webDist, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      // `path` is the file sent: `assets/x.js.br` for a compressed `assets/x.js`.
      setHeaders: (response: ServerResponse, path: string) => {
        response.setHeader("Cache-Control", path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    },
  }) as (request: Request, response: Response, next: NextFunction) => void;

  router.use(serve);
  // A missing build file is a 404, not index.html: a page of an older build asking for a chunk gets an error it can handle.
  router.use("/assets", (_request, response) => {
    response.status(404).setHeader("Cache-Control", REVALIDATE).type("text/plain").send("Not found");
  });
  router.get(/^\/(?!api\/|auth\/).*/, (request, response, next) => {
    // Every client-side route is index.html, negotiated like the file itself (the middleware restores the URL).
    request.url = "/index.html";
    serve(request, response, next);
  });
  return router;
}
