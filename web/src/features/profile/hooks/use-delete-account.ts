import { useMutation } from "@tanstack/react-query";
import { deleteAccount } from "../../../api/users";

export function useDeleteAccount(userId: string) {
  return useMutation({ mutationFn: () => deleteAccount(userId) });
}
