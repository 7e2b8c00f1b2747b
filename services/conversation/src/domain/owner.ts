import { create } from "@bufbuild/protobuf";
import { OwnerSchema, type Owner } from "@qai/contracts";
import { AppError } from "@qai/platform";

/** An owner as one string, "user:<id>" or "guest:<id>", for storage and comparison. */
export function ownerKey(owner: Owner | undefined): string {
  switch (owner?.kind.case) {
    case "userId":
      return `user:${owner.kind.value}`;
    case "guestSessionId":
      return `guest:${owner.kind.value}`;
    default:
      throw new AppError("invalid_argument", "owner is required");
  }
}

export function ownerFromKey(key: string): Owner {
  const [kind, id = ""] = splitOnce(key, ":");
  return create(OwnerSchema, { kind: kind === "user" ? { case: "userId", value: id } : { case: "guestSessionId", value: id } });
}

function splitOnce(value: string, separator: string): [string, string] {
  const at = value.indexOf(separator);
  return [value.slice(0, at), value.slice(at + 1)];
}

/** The request's owner, which every call must carry. */
export function requireOwner(owner: Owner | undefined): Owner {
  if (!owner || owner.kind.case === undefined) throw new AppError("invalid_argument", "owner is required");
  return owner;
}
