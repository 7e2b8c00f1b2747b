import { z } from "zod";
import { ConfigError, env, loadConfig } from "@qai/platform";

const schema = z.object({
  PORT: env.port(8080),
  KNOWLEDGE_ADDR: env.address(),
  AUTH_AUTOCONFIRM: env.boolean(false),
});

describe("loadConfig", () => {
  it("applies defaults and coerces values", () => {
    expect(loadConfig(schema, { KNOWLEDGE_ADDR: "localhost:50051", AUTH_AUTOCONFIRM: "true" })).toEqual({
      PORT: 8080,
      KNOWLEDGE_ADDR: "localhost:50051",
      AUTH_AUTOCONFIRM: true,
    });
  });

  it("names every missing or invalid variable", () => {
    const error = (() => {
      try {
        loadConfig(schema, { PORT: "eighty", AUTH_AUTOCONFIRM: "yes" });
      } catch (e) {
        return e;
      }
    })() as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.problems).toHaveLength(3);
    expect(error.message).toContain('PORT="eighty" is invalid');
    expect(error.message).toContain("KNOWLEDGE_ADDR is required");
    expect(error.message).toContain('AUTH_AUTOCONFIRM="yes" is invalid');
  });

  it("treats an empty variable as missing", () => {
    expect(() => loadConfig(schema, { KNOWLEDGE_ADDR: "" })).toThrow(/KNOWLEDGE_ADDR is required/);
  });
});
