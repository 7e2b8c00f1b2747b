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

  get(id: string): AnswerProvider | undefined {
    return this.byId.get(id);
  }

  get fallback(): AnswerProvider {
    return this.byId.get(DEFAULT_PROVIDER)!;
  }

  /**
   * The provider to answer with. When the requested one is unknown or unavailable, the default
   * answers instead and `fallbackFrom`/`reason` say which was asked for and why it did not answer.
   */
  pick(requested: string): Pick {
    const id = requested || DEFAULT_PROVIDER;
    const wanted = this.byId.get(id);
    if (!wanted) return { provider: this.fallback, fellBack: true, fallbackFrom: id, reason: `unknown provider "${id}"` };
    const status = wanted.status();
    if (status.available) return { provider: wanted, fellBack: false };
    return { provider: this.fallback, fellBack: true, fallbackFrom: id, reason: status.reason ?? "unavailable" };
  }
}

export type Pick = { provider: AnswerProvider; fellBack: false } | { provider: AnswerProvider; fellBack: true; fallbackFrom: string; reason: string };
