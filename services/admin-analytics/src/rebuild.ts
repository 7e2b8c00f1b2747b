import { runAsMain } from "@qai/platform";
import { runRebuildCli } from "./rebuild-cli";

// `node services/admin-analytics/dist/rebuild.js [--data-dir DIR]`; see rebuild-cli.ts.
runAsMain(runRebuildCli);
