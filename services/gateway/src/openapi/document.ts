import { z } from "zod";
import { OPERATIONS, type Access, type Operation } from "./operations";

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/** The JSON Schema (2020-12, as OpenAPI 3.1 uses) of what a client may send for `schema`. */
function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function parameters(where: "path" | "query", schema: z.ZodObject | undefined) {
  if (!schema) return [];
  const json = inputSchema(schema);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: property,
  }));
}

const ERROR_MEANING: Record<number, string> = {
  400: "invalid input (a field, the JSON body, or a malformed % escape in the path)",
  401: "no valid credentials (bearer token, or the guest cookie where guests are allowed)",
  403: "not allowed (not an admin, or another user's id)",
  404: "not found",
  409: "already exists",
  413: "request body too large",
  415: "unsupported charset or Content-Encoding",
  429: "question budget used up",
};

function errorStatuses(operation: Operation): number[] {
  const statuses = new Set<number>(operation.errors ?? []);
  if (operation.params || operation.query || operation.body) statuses.add(400);
  if (operation.params) statuses.add(404);
  if (operation.body) [413, 415].forEach((status) => statuses.add(status));
  const needsCaller: Access[] = ["caller", "user", "admin"];
  if (needsCaller.includes(operation.access)) statuses.add(401);
  if (operation.access === "admin" || operation.access === "user") statuses.add(403);
  return [...statuses].sort((a, b) => a - b);
}

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  caller: [{ bearer: [] }, { guestCookie: [] }],
  user: [{ bearer: [] }],
  admin: [{ bearer: [] }],
};

/** "/api/messages/:id" → "/api/messages/{id}". */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, "{$1}");
}

function operationObject(operation: Operation) {
  const okContent = operation.produces ? { [operation.produces]: { schema: { type: "string" } } } : { "application/json": { schema: {} } };
  const responses: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(operation.ok)) responses[status] = { description, content: okContent };
  for (const status of errorStatuses(operation)) responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
  return {
    operationId: `${operation.method}${openApiPath(operation.path).replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? "").toUpperCase())}`,
    summary: operation.summary,
    tags: [operation.tag],
    "x-access": operation.access,
    security: SECURITY[operation.access],
    parameters: [...parameters("path", operation.params), ...parameters("query", operation.query)],
    ...(operation.body ? { requestBody: { required: true, content: { "application/json": { schema: inputSchema(operation.body) } } } } : {}),
    responses,
  };
}

const errorBody = {
  type: "object",
  required: ["error", "code"],
  properties: {
    error: { type: "string", description: "a message a person can read, in the request's language (Arabic by default; English with Accept-Language: en or a body/query language of en)" },
    code: { type: "string", enum: ["invalid_argument", "unauthenticated", "permission_denied", "not_found", "already_exists", "failed_precondition", "resource_exhausted"] },
  },
  additionalProperties: true,
};

/** The OpenAPI 3.1 document of the gateway's /api, generated from the zod schemas the routes validate with. */
export function openApiDocument(version = "0.1.0") {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) (paths[openApiPath(operation.path)] ??= {})[operation.method] = operationObject(operation);
  const responses = Object.fromEntries(
    Object.entries(ERROR_MEANING).map(([status, description]) => [`Error${status}`, { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } }]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "QAI API",
      version,
      description: "The product API of QAI, the bilingual (Arabic/English) legal assistant for Saudi law. Accounts live at /auth/v1 (Supabase-Auth compatible) and are not described here.",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      schemas: { Error: errorBody },
      responses,
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "an access token from /auth/v1/token" },
        guestCookie: { type: "apiKey", in: "cookie", name: "qai_guest", description: "the signed guest-session cookie set by POST /api/guest-session" },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
