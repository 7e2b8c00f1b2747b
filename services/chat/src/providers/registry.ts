import type { AnswerProvider } from "./provider";

export const DEFAULT_PROVIDER = "qai-local";

/** The configured providers; an unknown or unavailable one falls back to the default. */
export class ProviderRegistry {
  private readonly byId: Map<string, AnswerProvider>;

  constructor(providers: readonly AnswerProvider[]) {
    this.byId = new Map(providers.map((provider) => [provider.id, provider]));
    if (!this.byId.has(DEFAULT_PROVIDER)) throw new Error(`the ${DEFAULT_PROVIDER} provider is required`);
  }

  list(): AnswerProvider[] {
    return [...this.byId.values()];
  }

  /** The provider to answer with, and whether it is the one asked for. */
  pick(requested: string): { provider: AnswerProvider; fellBack: boolean } {
    const wanted = this.byId.get(requested || DEFAULT_PROVIDER);
    if (wanted?.status().available) return { provider: wanted, fellBack: false };
    return { provider: this.byId.get(DEFAULT_PROVIDER)!, fellBack: true };
  }
}
