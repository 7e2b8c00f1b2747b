import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { frequentQuestionsQuery, insightsQuery, type FrequentQuestion } from "../../../api/admin-analytics";
import { formatDateTime } from "../../../lib/dates";
import { useForbiddenGuard } from "./guard";
import { truncate } from "./format";
import { QueryState } from "./QueryState";

const QUESTIONS_LIMIT = 50;
/** Spec §9: answer previews show 200 characters. */
const PREVIEW_LENGTH = 200;

/** Questions (spec §2): frequent-question analytics, then the knowledge gaps of the last 30 days. */
export function QuestionsTab() {
  const { t, i18n } = useTranslation("adminPanel");
  const language = i18n.resolvedLanguage ?? "ar";
  const questions = useQuery(frequentQuestionsQuery(QUESTIONS_LIMIT));
  const insights = useQuery(insightsQuery(30));
  useForbiddenGuard(questions.error, insights.error);
  const gaps = insights.data?.gaps ?? [];

  return (
    <div className="ap-questions">
      <section className="ap-section" aria-labelledby="ap-frequent-title">
        <h3 id="ap-frequent-title" className="ap-section__title">
          {t("questions.frequentTitle")}
        </h3>
        <QueryState
          isPending={questions.isPending}
          error={questions.error}
          onRetry={() => void questions.refetch()}
          isEmpty={(questions.data?.length ?? 0) === 0}
          empty={t("questions.empty")}
        >
          <ol className="ap-list">
            {questions.data?.map((question, index) => (
              <QuestionItem key={`${index}-${question.question}`} question={question} />
            ))}
          </ol>
        </QueryState>
      </section>

      <section className="ap-section" aria-labelledby="ap-gaps-title">
        <h3 id="ap-gaps-title" className="ap-section__title">
          {t("questions.gapsTitle")}
        </h3>
        <p className="ap-muted">{t("questions.gapsNote")}</p>
        <QueryState isPending={insights.isPending} error={insights.error} onRetry={() => void insights.refetch()} isEmpty={gaps.length === 0} empty={t("questions.noGaps")}>
          <ul className="ap-list">
            {gaps.map((gap, index) => (
              <li key={`${index}-${gap.question}`} className="ap-row">
                <span className="ap-row__main">
                  <span className="ap-row__title" dir="auto">
                    {gap.question}
                  </span>
                  <span className="ap-row__meta">
                    <span className="badge">{t("questions.count", { count: gap.count })}</span>
                    {gap.lastAskedAt && <span>{t("questions.lastAsked", { date: formatDateTime(gap.lastAskedAt, language) })}</span>}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </QueryState>
      </section>
    </div>
  );
}

/** A frequent question with its counts; the latest answer shows as a preview that expands. */
function QuestionItem({ question }: { question: FrequentQuestion }) {
  const { t } = useTranslation("adminPanel");
  const [expanded, setExpanded] = useState(false);
  const answerId = useId();
  const answer = plainText(question.latestAnswer);
  const long = answer.length > PREVIEW_LENGTH;

  return (
    <li className="ap-row ap-question">
      <span className="ap-row__main">
        <span className="ap-row__title" dir="auto">
          {question.question}
        </span>
        <span className="ap-row__meta">
          <span className="badge">{t("questions.count", { count: question.count })}</span>
          <span>{t("questions.likes", { count: question.likes })}</span>
          <span>{t("questions.dislikes", { count: question.dislikes })}</span>
        </span>
        {answer && (
          <span className="ap-question__answer">
            <span className="ap-question__answer-label">{t("questions.latestAnswer")}</span>
            <span id={answerId} className="ap-question__answer-text" dir="auto">
              {expanded || !long ? answer : truncate(answer, PREVIEW_LENGTH)}
            </span>
            {long && (
              <button type="button" className="ap-link" aria-expanded={expanded} aria-controls={answerId} onClick={() => setExpanded((value) => !value)}>
                {expanded ? t("questions.hideAnswer") : t("questions.showAnswer")}
              </button>
            )}
          </span>
        )}
      </span>
    </li>
  );
}

/** The answer is Markdown; the preview shows its text without the marks (bold, quotes, headings). */
function plainText(markdown: string): string {
  return markdown
    .replace(/\*\*|__/g, "")
    .replace(/^\s{0,3}(?:>\s?|#{1,6}\s+)/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
