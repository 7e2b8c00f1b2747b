import { join } from "node:path";
import { z } from "zod";
import { runStandalone, serviceEnv } from "@qai/platform";
import { openSqliteRecordStore } from "@qai/record-store";
import { startQuotaService } from "./index";

void runStandalone("quota", z.object(serviceEnv), async (config, logger) =>
  startQuotaService({
    store: await openSqliteRecordStore({ file: join(config.DATA_DIR, "quota.db") }),
    logger,
    bindAddress: `0.0.0.0:${config.GRPC_PORT}`,
  }),
);
