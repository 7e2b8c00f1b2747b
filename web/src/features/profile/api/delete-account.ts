import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

/** DELETE /api/users/account: removes the signed-in user's account. */
export function deleteAccount(userId: string): Promise<unknown> {
  return apiJson("/api/users/account", { method: "DELETE", json: { authProviderId: userId } });
}

export function useDeleteAccount(userId: string) {
  return useMutation({ mutationFn: () => deleteAccount(userId) });
}
