import { startTestProduct, type TestProduct } from "./test-product";

interface Card {
  id: string;
  lawName: string;
  articleNumber: number;
  excerpt: string;
  status: string;
  category: string | null;
}

/** Search Laws and the citation panel's article read the same article fields (Labor Law seeded). */
describe("GET /api/knowledge/search and /api/knowledge/articles/:id", () => {
  let running: TestProduct;
  const get = async (path: string) => {
    const response = await fetch(`${running.base}${path}`, { headers: { "accept-language": "en" } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  beforeAll(async () => {
    running = await startTestProduct();
  });
  afterAll(() => running.stop());

  it("finds articles for a text within a category, as cards with an excerpt and the law's category", async () => {
    const { status, body } = await get(`/api/knowledge/search?query=${encodeURIComponent("فترة التجربة")}&category=${encodeURIComponent(" labor law ")}`);
    expect(status).toBe(200);
    const articles = body.articles as Card[];
    expect(articles.length).toBeGreaterThan(0);
    for (const card of articles) {
      expect(card).toMatchObject({ lawName: "نظام العمل", status: "in_force", category: "Labor Law" });
      expect(card.excerpt.length).toBeLessThanOrEqual(281);
    }
    expect((await get("/api/knowledge/search?category=Criminal%20Law")).body).toEqual({ articles: [] });
    expect((await get("/api/knowledge/search?category=Sports")).status).toBe(400);
  });

  it("answers a card's article in full, with the same fields", async () => {
    const [card] = (await get(`/api/knowledge/search?query=${encodeURIComponent("فترة التجربة")}`)).body.articles as Card[];
    const { status, body } = await get(`/api/knowledge/articles/${encodeURIComponent(card!.id)}`);
    expect(status).toBe(200);
    const { excerpt: _excerpt, category: _category, ...shared } = card!;
    expect(body).toMatchObject(shared);
    expect(body).toEqual(expect.objectContaining({ lawNumber: expect.any(String), articleContent: expect.any(String) }));
    expect(String(body.articleContent).replace(/\s+/g, " ")).toContain(card!.excerpt.replace(/…$/, "").slice(0, 100));
  });
});
