import { Metadata, status as GrpcStatus, type ServiceError } from "@grpc/grpc-js";
import { AppError, toAppError, type ErrorCode, type UserMessage } from "../errors";

const TO_GRPC: Record<ErrorCode, GrpcStatus> = {
  invalid_argument: GrpcStatus.INVALID_ARGUMENT,
  unauthenticated: GrpcStatus.UNAUTHENTICATED,
  permission_denied: GrpcStatus.PERMISSION_DENIED,
  not_found: GrpcStatus.NOT_FOUND,
  already_exists: GrpcStatus.ALREADY_EXISTS,
  failed_precondition: GrpcStatus.FAILED_PRECONDITION,
  resource_exhausted: GrpcStatus.RESOURCE_EXHAUSTED,
  cancelled: GrpcStatus.CANCELLED,
  deadline_exceeded: GrpcStatus.DEADLINE_EXCEEDED,
  unavailable: GrpcStatus.UNAVAILABLE,
  internal: GrpcStatus.INTERNAL,
};

const FROM_GRPC = new Map<GrpcStatus, ErrorCode>(
  (Object.entries(TO_GRPC) as Array<[ErrorCode, GrpcStatus]>).map(([code, status]) => [status, code]),
);

/** Binary metadata key carrying the AppError's code, user message and details across the call. */
const ERROR_METADATA_KEY = "qai-error-bin";

interface ErrorPayload {
  code: ErrorCode;
  userMessage?: UserMessage;
  details?: Record<string, unknown>;
}

/** An error thrown by a handler, as the status a gRPC client receives. */
export function toServiceError(error: unknown): Partial<ServiceError> {
  const appError = toAppError(error);
  const metadata = new Metadata();
  const payload: ErrorPayload = { code: appError.code, userMessage: appError.userMessage, details: appError.details };
  metadata.set(ERROR_METADATA_KEY, Buffer.from(JSON.stringify(payload)));
  return { code: TO_GRPC[appError.code], details: messageForCaller(appError), metadata };
}

/** Internal details stay in the server's logs. */
function messageForCaller(error: AppError): string {
  return error.code === "internal" ? "internal error" : error.message;
}

/**
 * An error thrown by a handler as a caller in the same process receives it: what a gRPC client
 * would make of its status (code, message, user message and details as JSON carries them).
 */
export function asReceived(error: AppError): AppError {
  const { userMessage, details } = JSON.parse(JSON.stringify({ userMessage: error.userMessage, details: error.details })) as Omit<ErrorPayload, "code">;
  return new AppError(error.code, messageForCaller(error), { userMessage, details });
}

/** A status received by a client, as the AppError the server threw. */
export function fromServiceError(error: ServiceError): AppError {
  const payload = readPayload(error.metadata);
  const code = payload?.code ?? FROM_GRPC.get(error.code) ?? "internal";
  return new AppError(code, error.details || error.message, {
    userMessage: payload?.userMessage,
    details: payload?.details,
    cause: error,
  });
}

function readPayload(metadata: Metadata | undefined): ErrorPayload | undefined {
  const raw = metadata?.get(ERROR_METADATA_KEY)[0];
  if (!Buffer.isBuffer(raw)) return undefined;
  try {
    return JSON.parse(raw.toString("utf8")) as ErrorPayload;
  } catch {
    return undefined;
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && typeof (error as Partial<ServiceError>).code === "number" && "metadata" in error;
}
