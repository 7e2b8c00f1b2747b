import { runAsMain } from "@qai/platform";
import { runAdminCli } from "./admin-cli";

// `npm run admin -- grant|revoke <email>` or `npm run admin -- list`; see admin-cli.ts.
runAsMain(runAdminCli);
