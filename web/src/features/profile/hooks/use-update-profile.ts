import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userKeys } from "../../../api/keys";
import { updateProfile, type ProfileNames } from "../../../api/users";
import { useAuth } from "../../../lib/auth";

/**
 * Saves the names on the server, then in the auth user's metadata: the shell (sidebar, account
 * menu) and this dialog read the names from there, and the next sign-in syncs them back unchanged.
 */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  const { updateName } = useAuth();
  return useMutation({
    mutationFn: async (names: ProfileNames) => {
      const profile = await updateProfile(userId, names);
      const saved = { firstName: profile?.firstName || names.firstName, lastName: profile?.lastName || names.lastName };
      await updateName(saved.firstName, saved.lastName);
      return saved;
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userKeys.all, refetchType: "none" });
    },
  });
}
