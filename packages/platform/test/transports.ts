import { inProcessAddress } from "@qai/platform";

/**
 * The bind addresses of the two transports a service is called over, for `describe.each`: loopback
 * gRPC (between processes) and direct calls in this process (the embedded default).
 */
export const TRANSPORTS: Array<[transport: string, bindAddress: string]> = [
  ["gRPC", "127.0.0.1:0"],
  ["in-process calls", inProcessAddress("test")],
];
