import { useQuery } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { insightsQuery, type Insights } from "../../../api/admin-analytics";
import { useForbiddenGuard } from "./guard";
import { formatCount, truncate } from "./format";
import { QueryState } from "./QueryState";

const DAYS = 30;
const TOP_LAWS = 8;

/** The theme's colours (CSS custom properties), read once per render for the SVG fills. */
function useColors() {
  return useMemo(() => {
    const style = getComputedStyle(document.documentElement);
    const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    return {
      primary: read("--color-primary", "#1f4e79"),
      accent: read("--color-accent", "#c9a227"),
      secondary: read("--color-secondary", "#2e7d6b"),
      danger: read("--color-danger", "#c0392b"),
      text: read("--color-text-secondary", "#5b6675"),
      border: read("--color-border", "#d9dee5"),
      surface: read("--color-surface", "#ffffff"),
    };
  }, []);
}

/** A day of the series, "2026-11-24" → "24/11" (day first, Latin digits, like the spec §9 dates). */
const shortDay = (date: string) => {
  const [, month, day] = date.split("-");
  return month && day ? `${day}/${month}` : date;
};

/** The Overview's charts of the last 30 days (GET /api/admin/insights), mirrored in Arabic. */
export default function OverviewCharts() {
  const { t, i18n } = useTranslation("adminPanel");
  const language = i18n.resolvedLanguage ?? "ar";
  const rtl = language === "ar";
  const insights = useQuery(insightsQuery(DAYS));
  useForbiddenGuard(insights.error);

  return (
    <section className="ap-section" aria-labelledby="ap-charts-title">
      <h3 id="ap-charts-title" className="ap-section__title">
        {t("overview.chartsTitle")}
      </h3>
      <QueryState isPending={insights.isPending} error={insights.error} onRetry={() => void insights.refetch()}>
        {insights.data && <Charts insights={insights.data} rtl={rtl} language={language} />}
      </QueryState>
    </section>
  );
}

function Charts({ insights, rtl, language }: { insights: Insights; rtl: boolean; language: string }) {
  const { t } = useTranslation("adminPanel");
  const colors = useColors();
  const n = (value: number) => formatCount(value, language);
  const legendStyle = { direction: rtl ? "rtl" : "ltr", fontSize: 13 } as const;
  const tick = { fill: colors.text, fontSize: 12 };
  const tooltipStyle = { direction: rtl ? "rtl" : "ltr", textAlign: rtl ? "right" : "left", borderRadius: 8 } as const;

  const series = insights.series.map((day) => ({ ...day, label: shortDay(day.date) }));
  const { totals } = insights;
  const languages = [
    { name: t("overview.arabic"), value: totals.arabic, color: colors.primary },
    { name: t("overview.english"), value: totals.english, color: colors.accent },
  ];
  const audience = [
    { name: t("overview.guests"), value: totals.guests, color: colors.secondary },
    { name: t("overview.registered"), value: totals.registered, color: colors.primary },
  ];
  const lawName = (law: { lawName: string; lawNameEn: string | null }) => (language === "en" && law.lawNameEn ? law.lawNameEn : law.lawName);
  const cited = insights.citedLaws.slice(0, TOP_LAWS).map((law) => ({ name: lawName(law), value: law.citations }));
  const disliked = insights.citedLaws
    .filter((law) => law.likes + law.dislikes > 0)
    .map((law) => ({ name: lawName(law), value: Math.round((law.dislikes / (law.likes + law.dislikes)) * 100) }))
    .sort((a, b) => b.value - a.value)
    .slice(0, TOP_LAWS);

  const pie = (data: typeof languages) => (
    <ResponsiveContainer width="100%" height={220}>
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" innerRadius={45} outerRadius={75} startAngle={90} endAngle={rtl ? 450 : -270} isAnimationActive={false}>
          {data.map((entry) => (
            <Cell key={entry.name} fill={entry.color} stroke={colors.surface} />
          ))}
        </Pie>
        <Tooltip contentStyle={tooltipStyle} formatter={(value) => n(Number(value))} />
        <Legend wrapperStyle={legendStyle} />
      </PieChart>
    </ResponsiveContainer>
  );

  const lawBars = (data: typeof cited, name: string, color: string, unit = "") => (
    <ResponsiveContainer width="100%" height={Math.max(160, data.length * 34 + 40)}>
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 12 }}>
        <CartesianGrid horizontal={false} stroke={colors.border} />
        <XAxis type="number" reversed={rtl} allowDecimals={false} tick={tick} stroke={colors.border} unit={unit} />
        <YAxis type="category" dataKey="name" orientation={rtl ? "right" : "left"} width={150} tick={<CategoryTick rtl={rtl} color={colors.text} />} stroke={colors.border} interval={0} />
        <Tooltip contentStyle={tooltipStyle} formatter={(value) => `${n(Number(value))}${unit}`} />
        <Bar dataKey="value" name={name} fill={color} maxBarSize={26} radius={rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );

  return (
    <div className="ap-charts">
      <p className="ap-charts__note">{t("overview.answerTime", { p50: n(insights.answerMs.p50), p95: n(insights.answerMs.p95) })}</p>
      <ChartFigure
        id="questions"
        title={t("overview.questionsPerDay")}
        summary={`${t("overview.totalQuestions")} ${n(totals.questions)}`}
        wide
        empty={totals.questions === 0 ? t("overview.noData") : null}
      >
        <ResponsiveContainer width="100%" height={220}>
          <AreaChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid vertical={false} stroke={colors.border} />
            <XAxis dataKey="label" reversed={rtl} tick={tick} stroke={colors.border} minTickGap={16} />
            <YAxis orientation={rtl ? "right" : "left"} allowDecimals={false} tick={tick} stroke={colors.border} width={36} />
            <Tooltip contentStyle={tooltipStyle} formatter={(value) => n(Number(value))} />
            <Legend wrapperStyle={legendStyle} />
            <Area type="monotone" dataKey="questions" name={t("overview.questionsSeries")} stroke={colors.primary} fill={colors.primary} fillOpacity={0.15} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </ChartFigure>
      <ChartFigure
        id="languages"
        title={t("overview.languages")}
        summary={languages.map((item) => `${item.name} ${n(item.value)}`).join("، ")}
        empty={totals.arabic + totals.english === 0 ? t("overview.noData") : null}
      >
        {pie(languages)}
      </ChartFigure>
      <ChartFigure
        id="audience"
        title={t("overview.audience")}
        summary={audience.map((item) => `${item.name} ${n(item.value)}`).join("، ")}
        empty={totals.guests + totals.registered === 0 ? t("overview.noData") : null}
      >
        {pie(audience)}
      </ChartFigure>
      <ChartFigure
        id="cited"
        title={t("overview.citedLaws")}
        summary={cited.map((law) => `${law.name} ${n(law.value)}`).join("، ")}
        empty={cited.length === 0 ? t("overview.noData") : null}
      >
        {lawBars(cited, t("overview.citations"), colors.primary)}
      </ChartFigure>
      <ChartFigure
        id="disliked"
        title={t("overview.dislikeRate")}
        summary={disliked.map((law) => `${law.name} ${n(law.value)}%`).join("، ")}
        empty={disliked.length === 0 ? t("overview.noData") : null}
      >
        {lawBars(disliked, t("overview.dislikeRateSeries"), colors.danger, "%")}
      </ChartFigure>
    </div>
  );
}

interface ChartFigureProps {
  id: string;
  title: string;
  /** The chart's figures in words, for screen readers (the SVG itself is hidden from them). */
  summary: string;
  empty: string | null;
  wide?: boolean;
  children: ReactNode;
}

function ChartFigure({ id, title, summary, empty, wide = false, children }: ChartFigureProps) {
  return (
    <figure className={`ap-chart${wide ? " ap-chart--wide" : ""}`} aria-labelledby={`ap-chart-${id}`} data-chart={id}>
      <figcaption id={`ap-chart-${id}`} className="ap-chart__title">
        {title}
      </figcaption>
      {empty ? (
        <p className="ap-state ap-state--empty">{empty}</p>
      ) : (
        <>
          <p className="visually-hidden">{summary}</p>
          <div className="ap-chart__canvas" aria-hidden="true">
            {children}
          </div>
        </>
      )}
    </figure>
  );
}

interface TickProps {
  x?: number;
  y?: number;
  payload?: { value: string };
  rtl: boolean;
  color: string;
}

/**
 * A law name beside a horizontal bar, cut to fit. The text runs in the UI's direction; "end" puts its
 * far edge at the tick (left of the axis in English, right of the mirrored axis in Arabic).
 */
function CategoryTick({ x = 0, y = 0, payload, rtl, color }: TickProps) {
  const label = truncate(payload?.value ?? "", 22);
  return (
    <text x={x} y={y} dy={4} textAnchor="end" direction={rtl ? "rtl" : "ltr"} fill={color} fontSize={12}>
      <title>{payload?.value}</title>
      {label}
    </text>
  );
}
