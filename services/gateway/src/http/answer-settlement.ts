import { ReservationStage } from "@qai/contracts";
import { isAppError, type Logger } from "@qai/platform";
import type { GatewayDependencies } from "../dependencies";

/**
 * Tells quota how far one reserved question got (the policy is in services/quota/README.md): the
 * question stored; then answered, or stopped by the person after it was stored — both stay counted;
 * anything else (a failure, a stop before the question was stored, a shutdown) gives the unit back.
 * A crash in between leaves the reservation unsettled, and quota's reconciliation gives it back.
 * Calls run in order, off the stream's path; `settle` waits for them.
 */
export class AnswerSettlement {
  private chain: Promise<void> = Promise.resolve();
  private questionStored = false;

  constructor(
    private readonly deps: Pick<GatewayDependencies, "quota" | "logger">,
    private readonly reservationId: string,
  ) {}

  questionSaved(): void {
    if (this.questionStored) return;
    this.questionStored = true;
    this.then(() => this.commit(ReservationStage.QUESTION_STORED));
  }

  /** The stream is over: answered, stopped by the client, or failed. */
  async settle(outcome: "answered" | "client-left" | "failed"): Promise<void> {
    if (outcome === "answered") this.then(() => this.commit(ReservationStage.ANSWERED));
    else if (outcome === "client-left" && this.questionStored) this.then(() => this.commit(ReservationStage.STOPPED));
    else this.then(() => refund(this.deps.quota, this.deps.logger, this.reservationId));
    await this.chain;
  }

  private then(step: () => Promise<void>): void {
    this.chain = this.chain.then(step);
  }

  private async commit(stage: ReservationStage): Promise<void> {
    await this.deps.quota.commit({ reservationId: this.reservationId, stage }).catch((error: unknown) => {
      // The account was deleted meanwhile (its reservations went with it): nothing to settle.
      if (isAppError(error) && error.code === "not_found") return;
      this.deps.logger.error({ err: error, reservationId: this.reservationId, stage }, "could not settle the reservation");
    });
  }
}

async function refund(quota: GatewayDependencies["quota"], logger: Logger, reservationId: string): Promise<void> {
  await quota.refund({ reservationId }).catch((error: unknown) => logger.error({ err: error, reservationId }, "refund failed"));
}
