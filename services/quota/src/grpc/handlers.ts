import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { QuotaService } from "@qai/contracts";
import { AppError, type HandlersOf } from "@qai/platform";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { GuestSessionSchema } from "@qai/contracts";
import type { GuestSessionStatus, QuotaLedger } from "../app/quota-ledger";

export function quotaHandlers(ledger: QuotaLedger): HandlersOf<typeof QuotaService> {
  return {
    async createGuestSession() {
      return { session: toProto(await ledger.createGuestSession()) };
    },
    async getGuestSession({ sessionId }) {
      return { session: toProto(await ledger.guestSession(sessionId)) };
    },
    async reserve({ owner, clientIp }) {
      if (!owner) throw new AppError("invalid_argument", "owner is required");
      const { reservationId, remainingQuestions, questionLimit } = await ledger.reserve(owner, clientIp);
      return { reservationId, remainingQuestions, questionLimit };
    },
    async refund({ reservationId }) {
      return { remainingQuestions: await ledger.refund(reservationId) };
    },
    async getRemaining({ owner }) {
      if (!owner) throw new AppError("invalid_argument", "owner is required");
      const { remainingQuestions, questionLimit, resetsAt } = await ledger.remaining(owner);
      return { remainingQuestions, questionLimit, resetsAt: resetsAt ? timestampFromDate(resetsAt) : undefined };
    },
  };
}

function toProto(status: GuestSessionStatus): MessageInitShape<typeof GuestSessionSchema> {
  return { ...status, createdAt: timestampFromDate(status.createdAt) };
}
