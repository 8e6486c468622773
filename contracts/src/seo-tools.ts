// The SEO tools' answers (report, audit, score widget) and their arithmetic, shared by the API,
// the storefront's /seo-report and /seo-test and the back office's /admin/seo.
// Pure, no imports: the storefront bundles this file.

export type CheckStatus = "pass" | "warning" | "fail";
export type Impact = "high" | "medium" | "low";

export interface AuditCheck {
  name: string;
  status: CheckStatus;
  description: string;
  impact: Impact;
}

export interface AuditResult {
  url: string;
  path: string;
  httpStatus: number;
  score: number;
  checks: AuditCheck[];
  checkedAt: string;
}

export type ReportCategoryName = "Technical" | "Content" | "Local" | "Social Media";

export interface ReportItem {
  name: string;
  status: CheckStatus;
  detail: string;
  /** What to do about it, for the next-steps list (absent when it passes). */
  fix?: string;
  /** How to do it in this installation (configuration, Settings, build): back-office report only. */
  hint?: string;
}

export interface SeoReport {
  categories: { name: ReportCategoryName; items: ReportItem[] }[];
  score: number;
  counts: { optimized: number; needsAttention: number; issues: number; total: number };
  nextSteps: string[];
  pagesChecked: number;
  checkedAt: string;
}

export type ScoreStatus = "excellent" | "good" | "needs-work";

export interface ScoreItem {
  key: string;
  name: string;
  status: ScoreStatus;
  score: number;
  weight: number;
  description: string;
}

export interface SeoScore {
  items: ScoreItem[];
  score: number;
  checkedAt: string;
}

/** The widget's twelve items and their weights. */
export const SCORE_WEIGHTS = {
  titleTags: 15,
  metaDescriptions: 10,
  structuredData: 12,
  sitemap: 8,
  robots: 5,
  mobile: 15,
  pageSpeed: 12,
  ssl: 8,
  urlStructure: 6,
  imageOptimization: 7,
  localSeo: 10,
  internalLinking: 6,
} as const;

/** Audit score: (passes + 0.5 x warnings) / total, as a rounded percent. */
export function auditScore(checks: { status: CheckStatus }[]): number {
  if (checks.length === 0) return 0;
  const passes = checks.filter((c) => c.status === "pass").length;
  const warnings = checks.filter((c) => c.status === "warning").length;
  return Math.round(((passes + 0.5 * warnings) / checks.length) * 100);
}

/** Report score: passed / total, as a rounded percent. */
export function reportScore(items: { status: CheckStatus }[]): number {
  if (items.length === 0) return 0;
  return Math.round((items.filter((i) => i.status === "pass").length / items.length) * 100);
}

/** The widget's score: the rounded weighted average of its items. */
export function weightedScore(items: { score: number; weight: number }[]): number {
  const weight = items.reduce((s, i) => s + i.weight, 0);
  if (weight === 0) return 0;
  return Math.round(items.reduce((s, i) => s + i.score * i.weight, 0) / weight);
}

export function scoreItemStatus(score: number): ScoreStatus {
  return score >= 95 ? "excellent" : score >= 85 ? "good" : "needs-work";
}

/** Colour of one widget item: green at 95+, yellow at 85+, otherwise red. */
export function itemTone(score: number): "green" | "yellow" | "red" {
  return score >= 95 ? "green" : score >= 85 ? "yellow" : "red";
}

/** Colour of the overall score: green at 90+, yellow at 80+, otherwise red. */
export function scoreTone(score: number): "green" | "yellow" | "red" {
  return score >= 90 ? "green" : score >= 80 ? "yellow" : "red";
}

export function scoreLabel(score: number): string {
  if (score >= 95) return "Outstanding";
  if (score >= 90) return "Excellent";
  if (score >= 80) return "Good";
  if (score >= 70) return "Fair";
  return "Needs Work";
}
