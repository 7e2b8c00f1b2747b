/** A tiny HTTP client for integration tests: keeps the guest cookie like a browser would. */
export class TestClient {
  private cookie = "";

  constructor(private readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, rawBody?: string): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { ...(body !== undefined || rawBody !== undefined ? { "content-type": "application/json" } : {}), ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) this.cookie = setCookie.split(";")[0]!;
    return response;
  }

  async json<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await this.request(method, path, body);
    return { status: response.status, body: (await response.json()) as T };
  }

  get cookieHeader(): string {
    return this.cookie;
  }

  set cookieHeader(value: string) {
    this.cookie = value;
  }

  /** POSTs to ask-stream and returns the parsed `data:` events (and any comment lines). */
  async ask(body: unknown): Promise<{ status: number; events: Array<Record<string, unknown>>; raw: string }> {
    const response = await this.request("POST", "/api/chat/ask-stream", body);
    const raw = await response.text();
    const events = response.headers.get("content-type")?.startsWith("text/event-stream")
      ? raw
          .split("\n\n")
          .filter((block) => block.startsWith("data: "))
          .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>)
      : [];
    return { status: response.status, events, raw };
  }
}
