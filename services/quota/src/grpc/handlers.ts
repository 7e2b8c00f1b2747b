import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { ReservationStage, type QuotaService } from "@qai/contracts";
import { AppError, type HandlersOf } from "@qai/platform";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { GuestSessionSchema } from "@qai/contracts";
import type { GuestSessionStatus, QuotaLedger } from "../app/quota-ledger";
import type { Reservations, Stage } from "../app/reservations";

const STAGES: Partial<Record<ReservationStage, Stage>> = {
  [ReservationStage.QUESTION_STORED]: "question",
  [ReservationStage.ANSWERED]: "answered",
  [ReservationStage.STOPPED]: "stopped",
};

export function quotaHandlers(ledger: QuotaLedger, reservations: Reservations): HandlersOf<typeof QuotaService> {
  return {
    async createGuestSession() {
      return { session: toProto(await ledger.createGuestSession()) };
    },
    async getGuestSession({ sessionId }) {
      return { session: toProto(await ledger.guestSession(sessionId)) };
    },
    async reserve({ owner, clientIp, accountEmail }) {
      if (!owner) throw new AppError("invalid_argument", "owner is required");
      const { reservationId, remainingQuestions, questionLimit } = await ledger.reserve({ owner, clientIp, accountEmail });
      return { reservationId, remainingQuestions, questionLimit };
    },
    async refund({ reservationId }) {
      return { remainingQuestions: await reservations.refund(reservationId) };
    },
    async commit({ reservationId, stage }) {
      const named = STAGES[stage];
      if (!named) throw new AppError("invalid_argument", "stage is required");
      await reservations.commit(reservationId, named);
      return {};
    },
    async getRemaining({ owner, accountEmail }) {
      if (!owner) throw new AppError("invalid_argument", "owner is required");
      const { remainingQuestions, questionLimit, resetsAt } = await ledger.remaining(owner, accountEmail);
      return { remainingQuestions, questionLimit, resetsAt: resetsAt ? timestampFromDate(resetsAt) : undefined };
    },
  };
}

function toProto(status: GuestSessionStatus): MessageInitShape<typeof GuestSessionSchema> {
  return { ...status, createdAt: timestampFromDate(status.createdAt) };
}
