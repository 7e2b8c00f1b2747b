import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api";

export interface ProfileNames {
  firstName: string;
  lastName: string;
}

/** PUT /api/users/profile: the signed-in user's first and last name. */
export function updateProfile(userId: string, names: ProfileNames): Promise<ProfileNames> {
  return apiJson<ProfileNames>("/api/users/profile", { method: "PUT", json: { authProviderId: userId, ...names } });
}

/** The names saved in this session (the auth service's metadata keeps the sign-up names). */
export const savedNamesKey = (userId: string) => ["users", "profile", userId] as const;

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (names: ProfileNames) => updateProfile(userId, names),
    onSuccess: async (profile, names) => {
      queryClient.setQueryData(savedNamesKey(userId), { firstName: profile?.firstName ?? names.firstName, lastName: profile?.lastName ?? names.lastName });
      await queryClient.invalidateQueries({ queryKey: ["users"], refetchType: "none" });
    },
  });
}
