import { apiJson } from "../../../lib/api";

/** GET /api/admin/check: the server decides who is an admin (spec §6). */
export async function checkAdmin(accessToken: string): Promise<boolean> {
  const result = await apiJson<{ isAdmin?: boolean }>("/api/admin/check", {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return result?.isAdmin === true;
}
