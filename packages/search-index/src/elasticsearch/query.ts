import type { estypes } from "@elastic/elasticsearch";
import type { AnalyzedQuery } from "../analysis/analyzer";
import { conflationKey } from "../analysis/arabic-stemmer";
import { DEFAULT_RANKING, idf } from "../embedded/ranking";
import { RANKED_FIELDS } from "./documents";

/**
 * An analysed query as Elasticsearch clauses. Each query position is a `bool` of named parts: its own
 * words (`w<i>`), its legal synonyms (`s<i>`, boost 0.5) and its word family (`f<i>`, boost 0.3, on the
 * `family` field of conflation keys); the cited article number's words are positions too. The names come
 * back as `matched_queries`, from which `coverage` is computed as the embedded index does.
 */
export interface QueryPlan {
  query: estypes.QueryDslQueryContainer;
  /** Per position: its own terms (for the IDF weight), its legal synonyms and whether it is a cited-number position. */
  positions: Array<{ terms: string[]; synonyms: string[]; cited: boolean }>;
  /** Every own term and synonym of every position, for the document-frequency lookup. */
  terms: string[];
}

const fieldsMatch = (terms: readonly string[], name: string, boost = 1): estypes.QueryDslQueryContainer => ({
  multi_match: { query: terms.join(" "), fields: RANKED_FIELDS, type: "most_fields", boost, _name: name },
});

export function queryPlan(query: AnalyzedQuery): QueryPlan {
  const should: estypes.QueryDslQueryContainer[] = [];
  const positions: QueryPlan["positions"] = [];
  const add = (terms: readonly string[], expansions: readonly string[], cited: boolean) => {
    const at = positions.length;
    const parts = [fieldsMatch(terms, `w${at}`)];
    if (expansions.length > 0) parts.push(fieldsMatch(expansions, `s${at}`, DEFAULT_RANKING.expansion));
    const keys = [...new Set(terms.map(conflationKey))];
    parts.push({ match: { family: { query: keys.join(" "), boost: DEFAULT_RANKING.family, _name: `f${at}` } } });
    should.push({ bool: { should: parts } });
    positions.push({ terms: [...terms], synonyms: [...expansions], cited });
  };
  query.clauses.forEach((clause, at) => add(clause, query.expansions[at] ?? [], false));
  for (const clause of query.article?.clauses ?? []) add(clause, [], true);
  const terms = [...new Set([...positions.flatMap((position) => position.terms), ...query.expansions.flat()])];
  return { query: { bool: { should, minimum_should_match: 1 } }, positions, terms };
}

/** Counts, over the whole generation, the articles holding each term in any ranked field (for IDF), next to `more`. */
export function documentFrequencyAggregation(terms: readonly string[], more: Record<string, estypes.AggregationsAggregationContainer> = {}): Record<string, estypes.AggregationsAggregationContainer> {
  const filters = Object.fromEntries(terms.map((term) => [term, { multi_match: { query: term, fields: ["content", "title", "law"] } }]));
  return { all: { global: {}, aggs: { terms: { filters: { filters } }, ...more } } };
}

/**
 * IDF-weighted share of the positions an article covers, as in the embedded index: a position weighs the
 * IDF of its rarest own word; matched by its own words it counts fully, only through a synonym by 0.5,
 * only through a word-family relative by 0.3; a cited article covers the cited number's positions.
 */
export function coverage(plan: QueryPlan, frequencies: ReadonlyMap<string, number>, documents: number, matched: ReadonlySet<string>, isCited: boolean): number {
  let total = 0;
  let covered = 0;
  plan.positions.forEach((position, at) => {
    const weight = Math.max(...position.terms.map((term) => idf(frequencies.get(term) ?? 0, documents)));
    total += weight;
    let credit = 0;
    if ((position.cited && isCited) || matched.has(`w${at}`)) credit = 1;
    else if (matched.has(`s${at}`)) credit = DEFAULT_RANKING.expansion;
    else if (matched.has(`f${at}`)) credit = DEFAULT_RANKING.family;
    covered += weight * credit;
  });
  return total === 0 ? 0 : covered / total;
}
