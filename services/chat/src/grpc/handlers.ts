import type { ChatService } from "@qai/contracts";
import type { HandlersOf } from "@qai/platform";
import { answerQuestion, type AskDependencies } from "../app/ask";

export function chatHandlers(deps: AskDependencies): HandlersOf<typeof ChatService> {
  return {
    ask(request, context) {
      return answerQuestion(request, context.signal, deps);
    },
    async listProviders() {
      return {
        providers: deps.providers.list().map((provider) => {
          const status = provider.status();
          return { id: provider.id, label: provider.label, available: status.available, reason: status.available ? "" : (status.reason ?? ""), specialised: provider.specialised ?? false };
        }),
      };
    },
  };
}
